/** Paths of the tags screen's calls, under /api (decision 0206). No zod: the web app imports this at run time. */
export const TAGS_PATHS = {
  list: '/statistics/tags',
  days: '/statistics/tags/days',
} as const;

/** How the tags screen names "no tag" in its URL (`?tag=`): a tag is never empty, so '' cannot be in a URL query. */
export const NO_TAG_PARAM = '~';

/** What the tags list sorts by. */
export const TAG_SORT_KEYS = ['sub_id', 'hits', 'downloads', 'counted_downloads', 'sales', 'rebills', 'earned_micro'] as const;
export type TagSortKey = (typeof TAG_SORT_KEYS)[number];
