import { z } from 'zod';
import { isoDate, pageMeta, plainText, projectSchema } from './common.ts';
import { FLAGGED_KINDS, FLAGGED_MAX_DAYS, FLAGGED_SALE_KINDS, FLAGGED_SORTS } from './console-lists-flagged.ts';
import { daysBetween, isDayKey } from '../rules/time.ts';

export * from './console-lists-flagged.ts';

/**
 * The console's Flagged sales (decision 0164), under /operator/v1 with `flagged.read`: sales marked fraud or refunded,
 * by partner over a period of UTC days (the day each sale was made), with the partner's share of them; and one
 * partner's flagged sales. Money is integer micro-USD, shares are basis points, times ISO instants in UTC.
 */
const micro = z.number().int();
const id = z.number().int();
const day = z.iso.date();

const periodShape = {
  /** First and last day (inclusive, UTC) of the sales counted; without them the last 30 days up to today. */
  date_from: day.optional(),
  date_to: day.optional(),
  project: projectSchema.optional(),
  kind: z.enum(FLAGGED_KINDS).default('both'),
};

/** Both ends or neither, in order, at most FLAGGED_MAX_DAYS long. */
const boundedPeriod = <T extends { date_from?: string | undefined; date_to?: string | undefined }>(q: T, ctx: z.RefinementCtx) => {
  if ((q.date_from === undefined) !== (q.date_to === undefined)) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'validation:invalid' });
  else if (q.date_from !== undefined && q.date_to !== undefined) {
    // A day the calendar does not have (2026-11-31) fits the format but not the calendar.
    const days = isDayKey(q.date_from) && isDayKey(q.date_to) ? daysBetween(q.date_from, q.date_to) + 1 : 0;
    if (days < 1 || days > FLAGGED_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'validation:invalid' });
  }
};

// ---- GET /operator/v1/flagged-sales ---------------------------------------------------------------------------

export const flaggedPartnersQuery = z
  .strictObject({
    ...periodShape,
    /** A partner's id, or (part of) their e-mail address. */
    partner: plainText(254).optional(),
    sort: z.enum(FLAGGED_SORTS).default('share'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(boundedPeriod);

export const flaggedPartnerRow = z.object({
  id,
  email: z.string(),
  /** The partner's sales made in the period (every status). */
  sales: z.number().int(),
  /** Of them, flagged as the query's kind asks. */
  flagged: z.number().int(),
  /** Marked fraud, and refunded (a sale can be both, so these may add up to more than `flagged`). */
  fraud: z.number().int(),
  refunded: z.number().int(),
  /** flagged / sales in basis points, rounded down. */
  share_bp: z.number().int(),
  /** What the buyers paid for the flagged sales. */
  flagged_amount: micro,
  /** The partner's share of the flagged sales that no longer earns it (refunded ones), at the plan of each sale's time. */
  earnings_lost: micro,
});
export type FlaggedPartnerRow = z.infer<typeof flaggedPartnerRow>;

export const flaggedPartnersAnswer = z.object({
  /** The period the answer covers (the query's, or the default). */
  period: z.object({ from: day, to: day }),
  data: z.array(flaggedPartnerRow),
  meta: pageMeta,
});
export type FlaggedPartnersAnswer = z.infer<typeof flaggedPartnersAnswer>;

// ---- GET /operator/v1/flagged-sales/{id} ----------------------------------------------------------------------

export const flaggedSalesQuery = z
  .strictObject({
    ...periodShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(boundedPeriod);

export const flaggedSaleRow = z.object({
  project: projectSchema,
  sale_id: z.string(),
  /** When the sale was made. */
  at: isoDate,
  file_id: z.string().nullable(),
  /** The file's name as the project last reported it ('' when unknown). */
  file_name: z.string(),
  amount: micro,
  status: z.enum(['ok', 'hold', 'void', 'refund']),
  kind: z.enum(FLAGGED_SALE_KINDS),
  /** When it was first flagged: the fraud mark's or the refund's time, the earlier of the two when both. */
  flagged_at: isoDate.nullable(),
  /** The partner's share of it that no longer earns (0 while the sale still counts). */
  earnings_lost: micro,
});
export type FlaggedSaleRow = z.infer<typeof flaggedSaleRow>;

export const flaggedSalesAnswer = z.object({
  partner: z.object({ id, email: z.string() }),
  period: z.object({ from: day, to: day }),
  data: z.array(flaggedSaleRow),
  meta: pageMeta,
});
export type FlaggedSalesAnswer = z.infer<typeof flaggedSalesAnswer>;
