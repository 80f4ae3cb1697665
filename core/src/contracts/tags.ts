import { z } from 'zod';
import { pageMeta, pagingQuery } from './common.ts';
import { subId } from './ingest.ts';
import { appField, dayString, rangeFields, refineRange, sortDir, tagFigures } from './statistics.ts';

/**
 * Statistics by sub-ID tag (decision 0206): the tags of a project and period with their figures, and a tag's days.
 * `sub_id` '' is "no tag" (events sent without one). Figures from the tag rollup (`ingest_daily_tag`).
 */
import { TAG_SORT_KEYS } from './tags-paths.ts';
export { TAGS_PATHS, NO_TAG_PARAM, TAG_SORT_KEYS, type TagSortKey } from './tags-paths.ts';

/** The same two calls in the webmaster API (under /webmaster/v1, with the API key). */
export const WEBMASTER_TAG_PATHS = {
  list: '/statistics/tags',
  days: '/statistics/tags/days',
} as const;

/** A tag in a query: a tag, or '' for "no tag". */
export const tagParam = z.union([z.literal(''), subId]);


export const tagRow = z.object({ sub_id: z.string(), ...tagFigures });
export type TagRow = z.infer<typeof tagRow>;
export const tagDayRow = z.object({ date: dayString, ...tagFigures });
export type TagDayRow = z.infer<typeof tagDayRow>;

export const tagsQuery = z
  .strictObject({
    ...appField,
    ...rangeFields,
    ...pagingQuery.shape,
    sort_key: z.enum(TAG_SORT_KEYS).default('earned_micro'),
    sort_dir: sortDir.default('desc'),
  })
  .superRefine(refineRange());
export type TagsQuery = z.infer<typeof tagsQuery>;
export type TagsQueryInput = z.input<typeof tagsQuery>;

const totalsAndRange = { totals: z.object(tagFigures), range: z.object({ from: dayString, to: dayString }) };
export const tagsAnswer = z.object({ data: z.array(tagRow), meta: pageMeta, ...totalsAndRange });
export type TagsAnswer = z.infer<typeof tagsAnswer>;

export const tagDaysQuery = z
  .strictObject({
    ...appField,
    sub_id: tagParam,
    ...rangeFields,
    ...pagingQuery.shape,
    sort_dir: sortDir.default('desc'),
  })
  .superRefine(refineRange());
export type TagDaysQuery = z.infer<typeof tagDaysQuery>;
export type TagDaysQueryInput = z.input<typeof tagDaysQuery>;
export const tagDaysAnswer = z.object({ sub_id: z.string(), data: z.array(tagDayRow), meta: pageMeta, ...totalsAndRange });
export type TagDaysAnswer = z.infer<typeof tagDaysAnswer>;
