/** A page of a list call: `{ data, meta: { page, per_page, total } }`. */
export interface ListPage<R> {
  data: R[];
  meta: { page: number; per_page: number; total: number };
}

/** The largest page the list calls answer. */
export const MAX_PER_PAGE = 200;

/**
 * Every row of a paged call, page by page at the largest page size, reporting progress after each page.
 * Stops at the total the first answer gave, or at a short page.
 */
export async function fetchAllPages<R>(
  fetchPage: (page: number, perPage: number) => Promise<ListPage<R>>,
  onProgress: (done: number, total: number) => void,
): Promise<R[]> {
  const rows: R[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page++) {
    const answer = await fetchPage(page, MAX_PER_PAGE);
    if (total === Infinity) total = answer.meta.total;
    rows.push(...answer.data);
    onProgress(Math.min(rows.length, total), total);
    if (answer.data.length < MAX_PER_PAGE) break;
  }
  return rows;
}
