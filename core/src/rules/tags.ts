/** A tag: 1 to 64 letters, digits, `_`, `-`, `.` (the ingest contract's `sub_id`). */
export const SUB_ID_MAX = 64;
export const SUB_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Sub-ID tags (decision 0206): a partner adds `?sub=<tag>` to a file link, the file host passes the tag on every event
 * the link led to, and the statistics count each event under its tag. Events without one count under "no tag",
 * kept as the empty string in the rollups' key (a tag is never empty).
 */
export const NO_TAG = '';

/** The query parameter of a tagged link. */
export const SUB_ID_PARAM = 'sub';

export function isSubId(value: unknown): value is string {
  return typeof value === 'string' && SUB_ID_PATTERN.test(value);
}

/** The rollup key of an event's tag: the tag itself, or NO_TAG when absent. */
export function tagOf(subId: string | null | undefined): string {
  return subId ? subId : NO_TAG;
}

/**
 * The tag a sale's figures count under: the sale's own. A rebill is its own sale event and carries its own tag; one
 * sent without a tag counts under "no tag" (the engine does not guess the original purchase: decision 0206). A
 * refund or status change never moves a sale to another tag.
 */
export function saleTagOf(sale: { sub_id?: string | null }): string {
  return tagOf(sale.sub_id);
}

/**
 * A file link with its tag (`?sub=forum-x`), the other query parameters and the fragment kept; an empty or invalid
 * tag gives the link unchanged (the promo tools refuse it before this).
 */
export function taggedLink(link: string, tag: string): string {
  if (!isSubId(tag)) return link;
  try {
    const u = new URL(link);
    u.searchParams.set(SUB_ID_PARAM, tag);
    return u.toString();
  } catch {
    return link;
  }
}

/** The tag a `?sub=` query value names, or null when absent or invalid. */
export function tagOfQuery(value: string | null | undefined): string | null {
  return isSubId(value) ? value : null;
}
