import { TAGS_PATHS } from '@pc/core/contracts/tags-paths';
import type { TagsAnswer, TagsQueryInput } from '@pc/core/contracts/tags';
import { readCall } from '../../../lib/read-call.ts';

/**
 * GET /api/statistics/tags: the sub-ID tags of a project and period ('' = no tag), here for the tag filter of the
 * statistics screens (the tags screen has its own call: features do not share modules).
 */
export type TagsParams = TagsQueryInput;
export const tags = readCall<TagsAnswer, TagsParams>('statistics', TAGS_PATHS.list);
export const getTags = tags.fetch;
export const tagsQueryOptions = tags.options;
export const useTags = tags.use;
