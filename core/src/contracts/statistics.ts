import { z } from 'zod';
import { COUNTRY_GROUPS, REVENUE_TYPES, SALE_STATUSES } from '../product.ts';
import { pageMeta, pagingQuery, projectSchema } from './common.ts';
import { subId } from './ingest.ts';
import { STATS_HISTORY_DAYS, dayNumber, type RangeLike } from './ranges.ts';
export * from './ranges.ts';
import {
  PERIODS,
  DETAIL_GROUPINGS,
  SOURCE_SORT_KEYS,
  SOURCE_URL_SORT_KEYS,
  SOURCE_KINDS,
  SALE_SORT_KEYS,
  FILE_HINTS,
  FILE_SORT_KEYS,
  DETAILED_SORT_KEYS,
  DETAILED_TAG_SORT_KEYS,
  PLAYER_FILTERS,
} from './keys.ts';
// The value lists are the contracts' too: importers of a contract find them here.
export * from './keys.ts';

/**
 * Only the figures of one sub-ID tag ('' = the events without a tag; decisions 0206, 0209). Files, sources and videos
 * keep the tagged events apart, and "no tag" is their whole figures less the tagged ones.
 */
const subIdFilter = z.union([z.literal(''), subId]).optional();

/**
 * The read calls of the statistics screens (docs/product.md#statistics). Days are UTC calendar days written `YYYY-MM-DD`;
 * money is integer micro-USD; lists answer `{ data, meta: { page, per_page, total } }`.
 */

export const dayString = z.iso.date().describe('UTC calendar day, YYYY-MM-DD');
export const sortDir = z.enum(['asc', 'desc']);
export const micro = z.number().int().describe('integer micro-USD');
export const count = z.number().int().min(0);

/** Named periods of the period selectors (the dashboard's 7D, 30D, week, month, and the usual short ones). */
export const periodSchema = z.enum(PERIODS);

export const groupingSchema = z.enum(DETAIL_GROUPINGS);
export type Grouping = z.infer<typeof groupingSchema>;

/** A period, or a range of days, or neither (the call's default). Both ends of a range are inclusive. */
export const rangeFields = {
  period: periodSchema.optional(),
  date_from: dayString.optional(),
  date_to: dayString.optional(),
};

/**
 * The refinement every ranged query shares: a period excludes explicit dates, the range is ordered and at most
 * `maxDays` long. Messages are translation keys (`statistics:` namespace).
 */
export function refineRange(maxDays = STATS_HISTORY_DAYS) {
  return (q: RangeLike, ctx: z.RefinementCtx) => {
    if (q.period && (q.date_from || q.date_to))
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'statistics:period_or_range' });
    if (q.date_from && q.date_to) {
      const days = dayNumber(q.date_to) - dayNumber(q.date_from) + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'statistics:range_order' });
      else if (days > maxDays)
        ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'statistics:range_too_long' });
    }
  };
}

const sortFields = <K extends readonly [string, ...string[]]>(
  keys: K,
  defaultKey: K[number],
  defaultDir: 'asc' | 'desc' = 'desc',
) => ({
  sort_key: z.enum(keys).default(defaultKey as never),
  sort_dir: sortDir.default(defaultDir),
});

const listOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: pageMeta });

export const appField = { app: projectSchema };

// ---------------------------------------------------------------------------------------------------------
// Sources: domains and their URLs

export const sourcesBaseQuery = z
  .strictObject({
    ...appField,
    ...rangeFields,
    ...pagingQuery.shape,
    search: z.string().trim().max(253).optional(),
    sub_id: subIdFilter,
    ...sortFields(SOURCE_SORT_KEYS, 'hits'),
  })
  .superRefine(refineRange());
export type SourcesBaseQuery = z.infer<typeof sourcesBaseQuery>;

export const sourceFigures = {
  hits: count,
  downloads: count,
  unique_downloads: count,
  purchases: count,
};
export const domainRow = z.object({ domain: z.string(), ...sourceFigures });
export const sourcesBaseAnswer = listOf(domainRow).extend({
  totals: z.object(sourceFigures),
  range: z.object({ from: dayString, to: dayString }),
});
export type SourcesBaseAnswer = z.infer<typeof sourcesBaseAnswer>;

export const sourcesDetailsQuery = z
  .strictObject({
    ...appField,
    ...rangeFields,
    ...pagingQuery.shape,
    domain: z.string().trim().min(1).max(253),
    sub_id: subIdFilter,
    ...sortFields(SOURCE_URL_SORT_KEYS, 'hits'),
  })
  .superRefine(refineRange());
export type SourcesDetailsQuery = z.infer<typeof sourcesDetailsQuery>;
export const urlRow = z.object({ url: z.string(), ...sourceFigures });
export const sourcesDetailsAnswer = listOf(urlRow).extend({ domain: z.string() });
export type SourcesDetailsAnswer = z.infer<typeof sourcesDetailsAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Sales

export const salesQuery = z
  .strictObject({
    ...appField,
    ...rangeFields,
    ...pagingQuery.shape,
    revenue_type: z.enum(REVENUE_TYPES).optional(),
    status: z.enum(SALE_STATUSES).optional(),
    /** Only the sales of this sub-ID tag ('' = without a tag; decision 0206). */
    sub_id: subIdFilter,
    ...sortFields(SALE_SORT_KEYS, 'date'),
  })
  .superRefine(refineRange());
export type SalesQuery = z.infer<typeof salesQuery>;

export const saleRow = z.object({
  id: z.string(),
  /** When the sale happened, ISO 8601 date-time (UTC). */
  date: z.string(),
  /** The buyer's e-mail, masked: `jo***@gm***.com`. */
  email: z.string(),
  file: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: z.enum(SOURCE_KINDS),
  revenue_type: z.enum(REVENUE_TYPES),
  payment_system: z.string(),
  /** The plan (membership type) the buyer bought. */
  tariff: z.string(),
  /** What the sale paid the partner as the file's owner, micro-USD. */
  file_sales: micro,
  /** What the sale paid the partner as the referring site's owner, micro-USD. */
  site_sales: micro,
  status: z.enum(SALE_STATUSES),
  /** While the sale's earnings are on hold: when they become available (as the balance releases them); else null. */
  on_hold_until: z.string().nullable(),
});
export const salesAnswer = listOf(saleRow).extend({ range: z.object({ from: dayString, to: dayString }) });
export type SalesAnswer = z.infer<typeof salesAnswer>;

/** `john@gmail.com` → `jo***@gm***.com`: two visible characters of the name and of the domain, the TLD kept. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return `${email.slice(0, 2)}***`;
  const name = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${name.slice(0, 2)}***@${host.slice(0, 2)}***${tld}`;
}

// ---------------------------------------------------------------------------------------------------------
// Files and file copies

export const filesQuery = z.strictObject({
  ...appField,
  ...pagingQuery.shape,
  /** Only the files of the Inbox folder (files not put in a folder). */
  inbox: z.stringbool().optional(),
  folder: z.string().trim().min(1).max(255).optional(),
  search: z.string().trim().max(255).optional(),
  /** Only the files with figures under this tag, and the tag's figures (no hints: they describe the whole file). */
  sub_id: subIdFilter,
  ...sortFields(FILE_SORT_KEYS, 'created_at'),
});
export type FilesQuery = z.infer<typeof filesQuery>;

/**
 * Downloads that did not count for pay, by reason (core's `downloadDecision`, decision 0200); with the counted ones
 * they add up to all downloads.
 */
export const notCountedDownloads = z.object({
  /** Refused by the file host's own checks. */
  refused: count,
  /** Not the downloader's first download of the file that UTC day. */
  repeat: count,
  /** The file was deleted, is not the partner's, or its upload has not arrived. */
  file_unavailable: count,
  /** The file is not larger than the counted size (10 MB). */
  small_file: count,
  /** The plan pays no downloads (PPS). */
  pps_plan: count,
  /** The plan pays nothing in the downloader's country group. */
  unpaid_group: count,
});
export type NotCountedDownloads = z.infer<typeof notCountedDownloads>;

export const fileRow = z.object({
  id: z.string(),
  name: z.string(),
  /** The folder's name; null for the Inbox. */
  folder: z.string().nullable(),
  size: z.number().int().min(0).describe('bytes'),
  created_at: z.string(),
  downloads_today: count,
  /** Today's downloads that counted for pay, and why the others did not (decision 0200). */
  counted_today: count,
  not_counted_today: notCountedDownloads,
  downloads_total: count,
  video_views_today: count,
  video_views_total: count,
  earned_today: micro,
  earned_total: micro,
  sales_today: count,
  sales_total: count,
  hints: z.array(z.enum(FILE_HINTS)),
});
export const filesAnswer = listOf(fileRow).extend({ folders: z.array(z.string()) });
export type FilesAnswer = z.infer<typeof filesAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Detailed

export const detailedFigures = {
  downloads: count,
  /** Downloads that counted for pay; with not_counted they add up to downloads (decision 0200). */
  counted_downloads: count,
  not_counted: notCountedDownloads,
  /** Download earnings (own files and their copies). */
  sum: micro,
  /** Number of sales, own files, video and copies (refunded and voided excluded). */
  sales_count: count,
  /** Sale earnings (own files, video and copies). */
  sales: micro,
  /** Sale earnings per sale. */
  avg_sales: micro,
  /** Gold bonus (written at each day's close). */
  gold: micro,
  /** File copies made of the partner's files. */
  copies: count,
  /** sum + sales + gold. */
  total: micro,
  /** Total per 1000 downloads. */
  per_1000: micro,
};
export const detailedRow = z.object({ date: dayString, ...detailedFigures });
export type DetailedRow = z.infer<typeof detailedRow>;

/**
 * The figures the tag rollup keeps per day and sub-ID tag (`ingest_daily_tag`, decision 0206), as the tags screen
 * shows them. Sales are the sales that count (ok, hold) without rebills, rebills apart; earnings are every live
 * earning of the tag (downloads, sales and, under no tag, the site-referral bonus), without the gold bonus.
 */
export const tagFigures = {
  hits: count,
  downloads: count,
  counted_downloads: count,
  /** Sales that count (ok, hold), rebills apart. */
  sales: count,
  rebills: count,
  refunds: count,
  earned_micro: micro,
};


/** A day of one tag on the detailed screen: the tag rollup's figures (the split by country group, reason, kind of earning, gold and copies is not kept per tag). */
export const detailedTagRow = z.object({ date: dayString, ...tagFigures });
export type DetailedTagRow = z.infer<typeof detailedTagRow>;

export const detailedTodayQuery = z.strictObject({ ...appField, sub_id: subIdFilter });
/** Today's figures of one tag, when the call names one. */
export const detailedTagToday = detailedTagRow.extend({ sub_id: z.string() });
export type DetailedTagToday = z.infer<typeof detailedTagToday>;
/** Today's detailed figures; with `sub_id`, the tag's (`detailedTagToday`, which names its `sub_id`). */
export const detailedTodayAnswer = z.union([detailedRow, detailedTagToday]);
export type DetailedTodayAnswer = z.infer<typeof detailedTodayAnswer>;

export const detailedBaseQuery = z
  .strictObject({
    ...appField,
    ...rangeFields,
    ...pagingQuery.shape,
    grouping: groupingSchema.default('day'),
    /** With a tag, the figures come from the tag rollup only and the answer is `detailedTagAnswer`. */
    sub_id: subIdFilter,
    ...sortFields(DETAILED_SORT_KEYS, 'date'),
  })
  .superRefine(refineRange())
  .superRefine((q, ctx) => {
    if (q.sub_id !== undefined && !(DETAILED_TAG_SORT_KEYS as readonly string[]).includes(q.sort_key))
      ctx.addIssue({ code: 'custom', path: ['sort_key'], message: 'statistics:sort_not_per_tag' });
  });
export type DetailedBaseQuery = z.infer<typeof detailedBaseQuery>;
export const detailedBaseAnswer = listOf(detailedRow).extend({
  totals: z.object(detailedFigures),
  range: z.object({ from: dayString, to: dayString }),
});
export type DetailedBaseAnswer = z.infer<typeof detailedBaseAnswer>;
/**
 * The detailed table of one tag: per day (or week, month) the tag rollup's figures, the same as the tags screen's
 * days; sorted by `total` = earned_micro, `sales` = the number of sales.
 */
export const detailedTagAnswer = listOf(detailedTagRow).extend({
  sub_id: z.string(),
  totals: z.object(tagFigures),
  range: z.object({ from: dayString, to: dayString }),
});
export type DetailedTagAnswer = z.infer<typeof detailedTagAnswer>;
/** What GET detailed/base answers: every figure, or with `sub_id` the tag's (`detailedTagAnswer`, which names its `sub_id`). */
export const detailedAnswer = z.union([detailedBaseAnswer, detailedTagAnswer]);
export type DetailedAnswer = z.infer<typeof detailedAnswer>;

/** One day by country group; with `sub_id`, one tag's (decision 0209). */
export const detailedCountriesQuery = z.strictObject({ ...appField, date: dayString, sub_id: subIdFilter });
export const countryRow = z.object({
  group: z.enum(COUNTRY_GROUPS),
  downloads: count,
  counted_downloads: count,
  not_counted: notCountedDownloads,
  sum: micro,
  sales_count: count,
  sales: micro,
  total: micro,
  per_1000: micro,
});
export const detailedCountriesAnswer = z.object({ date: dayString, data: z.array(countryRow) });
export type DetailedCountriesAnswer = z.infer<typeof detailedCountriesAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Videos

/**
 * Video figures of a player filter; sales and sum are the video sales from that player (all: every video sale).
 * Distinct viewers and files are not kept per tag: under `sub_id` they are null (decision 0209).
 */
export const videoFigures = {
  video_files: count.nullable(),
  views: count,
  unique_viewers: count.nullable(),
  embed_viewers: count.nullable(),
  sales: count,
  sum: micro,
};
export const videoRow = z.object({ date: dayString, ...videoFigures });

export const videosStatQuery = z
  .strictObject({
    ...appField,
    ...rangeFields,
    ...pagingQuery.shape,
    player_type: z.enum(PLAYER_FILTERS).default('all'),
    sub_id: subIdFilter,
    grouping: groupingSchema.default('day'),
    sort_dir: sortDir.default('desc'),
  })
  .superRefine(refineRange());
export type VideosStatQuery = z.infer<typeof videosStatQuery>;
export const videosStatAnswer = listOf(videoRow).extend({
  totals: z.object(videoFigures),
  range: z.object({ from: dayString, to: dayString }),
});
export type VideosStatAnswer = z.infer<typeof videosStatAnswer>;

export const videosTodayQuery = z.strictObject({
  ...appField,
  player_type: z.enum(PLAYER_FILTERS).default('all'),
  sub_id: subIdFilter,
});
export const videosTodayAnswer = videoRow;

export { STATISTICS_PATHS } from './paths.ts';

export type DomainRow = z.infer<typeof domainRow>;
export type UrlRow = z.infer<typeof urlRow>;
export type SaleRow = z.infer<typeof saleRow>;
export type FileRow = z.infer<typeof fileRow>;
export type CountryRow = z.infer<typeof countryRow>;
export type VideoRow = z.infer<typeof videoRow>;
export type PlayerFilter = (typeof PLAYER_FILTERS)[number];
