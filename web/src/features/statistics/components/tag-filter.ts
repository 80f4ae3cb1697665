import { useCallback } from 'react';
import { NO_TAG_PARAM } from '@pc/core/contracts/tags-paths';
import { SUB_ID_PATTERN } from '@pc/core/rules/tags';
import { useUrlParams } from '../../../components/filters/url-state.ts';

/**
 * The `sub_id` a `?tag=` value of the URL names (decision 0206): a tag; '' ("no tag") for NO_TAG_PARAM, since ''
 * cannot be told from absent in a URL; undefined (every tag) when absent or not a valid tag.
 */
export function subIdOfParam(value: string | null): string | undefined {
  if (value === NO_TAG_PARAM) return '';
  return value !== null && SUB_ID_PATTERN.test(value) ? value : undefined;
}

/** The tag filter of a statistics screen, kept in the URL (`?tag=forum-x`, `?tag=~`) like its other filters. */
export function useTagFilter(): { subId: string | undefined; setSubId: (next: string | undefined) => void } {
  const [params, update] = useUrlParams();
  const subId = subIdOfParam(params.get('tag'));
  const setSubId = useCallback(
    (next: string | undefined) => update({ tag: next === undefined ? null : next === '' ? NO_TAG_PARAM : next }),
    [update],
  );
  return { subId, setSubId };
}

/** What an export's file name adds under a tag filter (`-tag-forum-x`, `-tag-none`); nothing for every tag. */
export function tagFileSuffix(subId: string | undefined): string {
  return subId === undefined ? '' : `-tag-${subId || 'none'}`;
}
