import { z } from 'zod';
import { isoDate, langSchema, pageMeta, plainText, projectSchema } from './common.ts';
import { operatorPayout, operatorPayoutStatus } from './operator.ts';
import { payoutSystemSchema } from './payouts.ts';
import { staffActorKind } from './staff.ts';
import { SECOND_FACTOR_METHODS } from './second-factor.ts';

/**
 * The operator console's money and partner calls (decision 0162), under /operator/v1: the Overview, the Payouts
 * queue with its batches and four-eyes approvals, and Partners with view-as. Money is integer micro-USD, times are
 * ISO instants in UTC. Every text a member types is a plainText (control characters: 422).
 */
const micro = z.number().int();
const id = z.number().int();
const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A list given once as `a,b` or repeated (`?status=a&status=b`). */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).min(1).max(20));

/** A reason typed by a member (mailed to the partner where it is a payout's, in the partner's language). */
export const consoleReason = plainText(1000, { multiline: true });

// ---- Overview: GET /operator/v1/overview (overview.read) ---------------------------------------------------

export const consoleOverviewAnswer = z.object({
  at: isoDate,
  /** What the programme owes its partners: the sum of every partner's balance (money/balance.ts' rule), of which held and available. */
  owed: z.object({ balance: micro, hold: micro, available: micro, partners: z.number().int() }),
  /** Requests waiting (created, review, process) by status and payout system. */
  payouts_waiting: z.array(z.object({ status: operatorPayoutStatus, system: z.string(), count: z.number().int(), amount: micro })),
  /** Earnings booked in the ledger (kind `earning`) for today's and this month's days (UTC). */
  earnings_booked: z.object({ today: micro, month: micro }),
  new_partners: z.object({ today: z.number().int(), month: z.number().int() }),
  oldest_waiting: z.object({ id, user_id: id, status: operatorPayoutStatus, amount: micro, created_at: isoDate, age_seconds: z.number().int() }).nullable(),
});
export type ConsoleOverviewAnswer = z.infer<typeof consoleOverviewAnswer>;

// ---- Payouts queue (payouts.read / payouts.move / payouts.approve / payouts.export) ------------------------

export { QUEUE_SORTS } from './console-lists.ts';
import { PARTNER_LEDGER_KINDS, PARTNER_LEDGER_SOURCES, QUEUE_SORTS } from './console-lists.ts';

/** GET /operator/v1/queue/payouts */
export const queuePayoutsQuery = z.strictObject({
  status: listOf(operatorPayoutStatus).optional(),
  system: payoutSystemSchema.optional(),
  amount_min: z.coerce.number().int().min(0).optional(),
  amount_max: z.coerce.number().int().min(0).optional(),
  created_after: z.iso.datetime({ offset: true }).optional(),
  created_before: z.iso.datetime({ offset: true }).optional(),
  /** A partner by id (digits) or e-mail address. */
  partner: plainText(254).optional(),
  batch_id: z.coerce.number().int().positive().optional(),
  sort: z.enum(QUEUE_SORTS).default('created_at'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type QueuePayoutsQuery = z.infer<typeof queuePayoutsQuery>;

export const approvalView = z.object({ staff_id: id, name: z.string(), at: isoDate });

/** A request as the queue lists it: the operator's view, the partner's e-mail, its approval and batch. */
export const queuePayout = operatorPayout.extend({
  email: z.string(),
  /** Above the four-eyes amount: it needs a second member's approval before it is completed. */
  needs_approval: z.boolean(),
  approval: approvalView.nullable(),
  batch_id: id.nullable(),
});
export type QueuePayout = z.infer<typeof queuePayout>;
export const queuePayoutsAnswer = z.object({ data: z.array(queuePayout), meta: pageMeta });

export const riskSignalSchema = z.object({
  code: z.enum(['wallet_recent', 'email_recent', 'first_payout', 'earnings_spike', 'bad_sales_share', 'shared_wallet', 'shared_address']),
  level: z.enum(['info', 'warn', 'high']),
  facts: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.number()), z.array(z.string())])),
});

/** GET /operator/v1/queue/payouts/{id} */
export const queuePayoutAnswer = z.object({
  request: queuePayout,
  history: z.array(z.object({ from: operatorPayoutStatus.nullable(), to: operatorPayoutStatus, reason: z.string(), actor: z.string(), at: isoDate })),
  partner: z.object({ id, email: z.string(), lang: z.string(), created_at: isoDate, blocked: z.boolean() }),
  /** The partner's latest other requests, newest first (at most 10). */
  recent_payouts: z.array(operatorPayout),
  risk: z.array(riskSignalSchema),
  four_eyes_micro: micro,
});

/** POST /operator/v1/queue/payouts/{id}/status: the reason is mailed to the partner (write it in their language). */
export const queueMoveBody = z.strictObject({ status: z.enum(['review', 'process', 'accepted', 'rejected']), reason: consoleReason.optional() });
export const queueMoveAnswer = queuePayout;

/** POST /operator/v1/queue/payouts/{id}/approve */
export const queueApproveBody = z.strictObject({}).optional();
export const queueApproveAnswer = queuePayout;

export const batchItem = z.object({ payout_id: id, user_id: id, amount: micro, fee: micro, status: operatorPayoutStatus });
export const batchView = z.object({
  id,
  system: payoutSystemSchema,
  status: z.enum(['open', 'completed']),
  created_by: z.object({ kind: staffActorKind, id: id.nullable(), name: z.string() }),
  created_at: isoDate,
  completed_at: isoDate.nullable(),
  items: z.array(batchItem),
});
export type BatchView = z.infer<typeof batchView>;

/** POST /operator/v1/queue/payouts/export */
export const queueExportBody = z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(500), system: payoutSystemSchema });
/** The batch and its file (also at GET /queue/batches/{id}/file): a CSV, its name and type. */
export const queueExportAnswer = z.object({ batch: batchView, file: z.object({ name: z.string(), content_type: z.string(), content: z.string() }) });

export const batchIdParam = z.strictObject({ id: z.coerce.number().int().positive() });
export const batchItemParam = z.strictObject({ id: z.coerce.number().int().positive(), payoutId: z.coerce.number().int().positive() });
export const batchAnswer = batchView;
/** POST …/batches/{id}/items/{payoutId}/reject */
export const batchRejectBody = z.strictObject({ reason: consoleReason });

// ---- Partners (partners.read, partners.block, partners.sessions, partners.view_as, …) ------------------------

export const partnersQuery = z.strictObject({
  /** An e-mail (or part), an id, a name, a wallet's details or fingerprint, a site's domain, a sign-in address. */
  q: plainText(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export const partnerState = z.object({
  state: z.enum(['active', 'blocked']),
  reason: z.string().nullable(),
  blocked_at: isoDate.nullable(),
  /** Password sign-in locked after failed attempts (the partner unlocks it by e-mail); not an operator block. */
  sign_in_locked: z.boolean(),
});
export const partnerRow = z.object({
  id,
  email: z.string(),
  name: z.string(),
  created_at: isoDate,
  status: partnerState,
  /** What matched the search (`email`, `id`, `name`, `wallet`, `site`, `address`); null without a search. */
  matched: z.string().nullable(),
});
export const partnersAnswer = z.object({ data: z.array(partnerRow), meta: pageMeta });

export const partnerLedgerRow = z.object({
  id,
  day: dayString,
  project: z.string().nullable(),
  source: z.string(),
  bucket: z.string(),
  kind: z.string(),
  amount: micro,
  available_at: isoDate,
  note: z.string(),
  created_at: isoDate,
});
export const partnerBalance = z.object({ earnings: micro, live: micro, payouts_accepted: micro, in_progress: micro, balance: micro, hold: micro, available: micro });

/** GET /operator/v1/partners/{id} */
export const partnerAnswer = z.object({
  profile: z.object({
    id,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    contact: z.string(),
    lang: z.string(),
    created_at: isoDate,
    confirmed_at: isoDate.nullable(),
    referred_by: id.nullable(),
    /** The second factors the partner has turned on (decision 0190); support can reset them. */
    second_factor: z.array(z.enum(SECOND_FACTOR_METHODS)),
  }),
  status: partnerState,
  programs: z.array(z.object({ project: projectSchema, activated_at: isoDate, plan: z.string().nullable() })),
  balance: partnerBalance,
  recent_ledger: z.array(partnerLedgerRow),
});

export const partnerLedgerQuery = z.strictObject({
  kind: z.enum(PARTNER_LEDGER_KINDS).optional(),
  source: z.enum(PARTNER_LEDGER_SOURCES).optional(),
  project: projectSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export const partnerLedgerCsvQuery = partnerLedgerQuery.omit({ page: true, per_page: true });
export const partnerLedgerAnswer = z.object({ data: z.array(partnerLedgerRow), meta: pageMeta, sum: micro });

/** POST …/{id}/block and …/{id}/unblock */
export const partnerBlockBody = z.strictObject({ reason: consoleReason });
export const partnerBlockAnswer = z.object({ id, status: partnerState, sessions_ended: z.number().int() });

/** POST …/{id}/second-factor/reset: the partner's authenticator, recovery codes and passkeys go (a reason is kept). */
export const partnerSecondFactorResetAnswer = z.object({ id, sessions_ended: z.number().int() });

export const partnerSessionRow = z.object({
  /** The session's public id (never the cookie). */
  id: z.string(),
  created_at: isoDate,
  last_seen_at: isoDate,
  expires_at: isoDate,
  ip: z.string(),
  user_agent: z.string(),
  /** A read-only view opened by staff (its name), or null for the partner's own sign-in. */
  operator_view: z.string().nullable(),
});
export const partnerSessionsAnswer = z.object({ data: z.array(partnerSessionRow) });
export const partnerSessionParam = z.strictObject({ id: z.coerce.number().int().positive(), sid: z.string().regex(/^[0-9a-f]{16}$/) });
export const partnerSessionsEndedAnswer = z.object({ ended: z.number().int() });

/** POST …/{id}/additional-income (the partner is the path's) */
export const partnerIncomeBody = z.strictObject({
  project: projectSchema,
  amount: micro.refine((v) => v !== 0, { message: 'validation:invalid' }).refine((v) => Math.abs(v) <= 1e12, { message: 'validation:invalid' }),
  reason: consoleReason,
  day: dayString.optional(),
});

export const partnerSiteRow = z.object({ id, project: projectSchema, domain: z.string(), status: z.string(), created_at: isoDate, verified_at: isoDate.nullable() });
export const partnerSitesAnswer = z.object({ data: z.array(partnerSiteRow) });
/** POST /operator/v1/sites/{id}/unban */
export const siteUnbanBody = z.strictObject({ reason: consoleReason });
export const siteUnbanAnswer = z.object({ id, status: z.literal('not_verified') });

export const partnerReferralsAnswer = z.object({ data: z.array(z.object({ id, email: z.string(), created_at: isoDate, level: z.union([z.literal(1), z.literal(2)]) })) });

/** Mails to the partner's address: what and when, never bodies or links. */
export const partnerMailsAnswer = z.object({
  data: z.array(z.object({ id, kind: z.string(), subject: z.string(), lang: langSchema.or(z.string()), created_at: isoDate, status: z.enum(['sent', 'failed', 'pending', 'kept']) })),
});

/** POST …/{id}/view-as: open `url` in a new tab within `link_expires_at`; the read-only view lasts until `expires_at`. */
export const viewAsAnswer = z.object({ url: z.string(), link_expires_at: isoDate, expires_in_seconds: z.number().int() });
export const viewAsParam = z.strictObject({ code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
