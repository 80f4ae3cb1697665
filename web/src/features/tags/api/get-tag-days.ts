import { TAGS_PATHS } from '@pc/core/contracts/tags-paths';
import type { TagDaysAnswer, TagDaysQueryInput } from '@pc/core/contracts/tags';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/tags/days: one tag's figures per day ('' = no tag). */
export type TagDaysParams = TagDaysQueryInput;
export const tagDays = readCall<TagDaysAnswer, TagDaysParams>('tag-days', TAGS_PATHS.days);
export const getTagDays = tagDays.fetch;
export const tagDaysQueryOptions = tagDays.options;
export const useTagDays = tagDays.use;
