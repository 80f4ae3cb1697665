import { useMemo } from 'react';
import { intParam, oneOf, useUrlParams } from '../filters/url-state.ts';
import type { ServerPaging, ServerSort } from './types.ts';

export const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A server-paged table's page, page size and sort in the URL (`?page=2&per_page=50&sort=hits&dir=asc`),
 * with the call's query fields ready to send.
 */
export function useTableParams<K extends string>(
  sortKeys: readonly K[],
  defaultSort: { key: K; dir: 'asc' | 'desc' },
  defaultPerPage = 25,
) {
  const [params, update] = useUrlParams();
  const page = intParam(params.get('page'), 1, 1, 100_000);
  const perPage = intParam(params.get('per_page'), defaultPerPage, 1, 200);
  const sortKey = oneOf(params.get('sort'), sortKeys, defaultSort.key);
  const sortDir = oneOf(params.get('dir'), ['asc', 'desc'] as const, defaultSort.dir);
  return useMemo(() => {
    const paging = (total: number): ServerPaging => ({
      page,
      perPage,
      total,
      onChange: (nextPage, nextPerPage) =>
        update({
          page: nextPage === 1 ? null : nextPage,
          per_page: nextPerPage === defaultPerPage ? null : nextPerPage,
        }),
    });
    const sort: ServerSort = {
      key: sortKey,
      dir: sortDir,
      onChange: (key, dir) =>
        update({
          sort: key === defaultSort.key && dir === defaultSort.dir ? null : key,
          dir: key === defaultSort.key && dir === defaultSort.dir ? null : dir,
        }),
    };
    return { query: { page, per_page: perPage, sort_key: sortKey, sort_dir: sortDir }, paging, sort };
  }, [page, perPage, sortKey, sortDir, update, defaultPerPage, defaultSort.key, defaultSort.dir]);
}
