/**
 * The Content section's lists without zod (the console imports these at run time; zod stays out of its bundles).
 */

/** An item's state as partners meet it: not yet visible, visible, or hidden for good. */
export const CONTENT_STATUSES = ['scheduled', 'published', 'withdrawn'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The two kinds of content the section writes. */
export const CONTENT_KINDS = ['news', 'notifications'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
