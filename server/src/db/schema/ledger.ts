import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConvertedCurrency, RateSource } from '@pc/core';

// Tables of migration 0200_ledger.sql (docs/decisions/0050-ledger.md).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const userId = (name = 'user_id') => bigint(name, { mode: 'number' });
const micro = (name: string) => bigint(name, { mode: 'number' });

export type LedgerSource = 'files' | 'file_copies' | 'video' | 'sites' | 'referrals' | 'additional' | 'gold_bonus' | 'payout';
export type LedgerBucket = 'downloads' | 'sales' | 'other';
export type LedgerKind = 'earning' | 'correction' | 'additional' | 'payout' | 'payout_reversal';
export type PayoutStatus = 'created' | 'review' | 'process' | 'accepted' | 'rejected' | 'deleted';

export const productSettings = pgTable('product_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('seed'),
});

/** Every version of the product settings and when it takes effect (migration 0202). */
export const productSettingsHistory = pgTable(
  'product_settings_history',
  {
    id: id(),
    key: text('key').notNull(),
    effectiveFrom: ts('effective_from').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    changedBy: text('changed_by').notNull().default('seed'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_settings_history_key_from').on(t.key, t.effectiveFrom)],
);

/** Append-only: a trigger refuses UPDATE and DELETE. Balance is the sum of amount_micro. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    userId: userId().notNull(),
    /** null for payouts (a payout is per partner, not per project). */
    project: text('project'),
    day: day('day').notNull(),
    source: text('source').$type<LedgerSource>().notNull(),
    bucket: text('bucket').$type<LedgerBucket>().notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amountMicro: micro('amount_micro').notNull(),
    /** When the amount may be withdrawn: sale earnings at sale day + hold days, everything else at once. */
    availableAt: ts('available_at').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    refId: bigint('ref_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idem_key').on(t.userId, t.idempotencyKey),
    index('ledger_entries_user_day_idx').on(t.userId, t.project, t.day),
    index('ledger_entries_available_idx').on(t.userId, t.availableAt),
  ],
);

export const dayCloses = pgTable('day_closes', {
  day: day('day').primaryKey(),
  firstClosedAt: ts('first_closed_at').notNull(),
  lastClosedAt: ts('last_closed_at').notNull(),
  runs: integer('runs').notNull().default(1),
});

export const monthCloses = pgTable('month_closes', {
  month: day('month').primaryKey(),
  closedAt: ts('closed_at').notNull(),
});

export const closedPartnerDays = pgTable(
  'closed_partner_days',
  {
    userId: userId().notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    closedAt: ts('closed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day] })],
);

export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: id(),
    userId: userId().notNull(),
    amountMicro: micro('amount_micro').notNull(),
    feeMicro: micro('fee_micro').notNull().default(0),
    walletType: text('wallet_type').notNull().default(''),
    paymentDetails: text('payment_details').notNull(),
    walletId: bigint('wallet_id', { mode: 'number' }),
    status: text('status').$type<PayoutStatus>().notNull().default('created'),
    statusReason: text('status_reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    // A payout to a wallet in roubles or hryvnias: the rate it was quoted at and what arrives (migration 0550).
    convertedCurrency: text('converted_currency').$type<ConvertedCurrency>(),
    convertedRate: numeric('converted_rate'),
    convertedRateDate: day('converted_rate_date'),
    convertedRateSource: text('converted_rate_source').$type<RateSource>(),
    convertedMinor: bigint('converted_minor', { mode: 'number' }),
    /** Made by the automatic payouts job, not by the partner's hand (migration 0800, decision 0202). */
    automatic: boolean('automatic').notNull().default(false),
  },
  (t) => [index('payout_requests_user_idx').on(t.userId, t.createdAt), index('payout_requests_status_idx').on(t.status, t.createdAt)],
);

export const payoutRequestHistory = pgTable(
  'payout_request_history',
  {
    id: id(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    userId: userId().notNull(),
    fromStatus: text('from_status').$type<PayoutStatus>(),
    toStatus: text('to_status').$type<PayoutStatus>().notNull(),
    reason: text('reason').notNull().default(''),
    actor: text('actor').notNull(),
    at: ts('at').notNull(),
    /** When the partner was e-mailed about this move (accepted, rejected); migration 0300. */
    notifiedAt: ts('notified_at'),
  },
  (t) => [index('payout_request_history_request_idx').on(t.requestId, t.id)],
);

export const goldState = pgTable(
  'gold_state',
  {
    userId: userId().notNull(),
    project: text('project').notNull(),
    level: smallint('level').notNull().default(0),
    coins: integer('coins').notNull().default(0),
    /** The last closed day the coins include. */
    coinsDay: day('coins_day'),
    /** The month start of the last level decision. */
    levelMonth: day('level_month'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project] })],
);

export const goldDays = pgTable(
  'gold_days',
  {
    userId: userId().notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    /** The level in force that day (it sets the gold bonus percent). */
    level: smallint('level').notNull(),
    downloads: integer('downloads').notNull(),
    /** Sum of the previous 3 days' counted downloads (the 72-hour average × 3, kept exact). */
    downloadsAvg72hX3: integer('downloads_avg_72h_x3').notNull(),
    sales: integer('sales').notNull(),
    salesAvg72hX3: integer('sales_avg_72h_x3').notNull(),
    efficiency30dMicro: micro('efficiency_30d_micro').notNull(),
    coinsDelta: smallint('coins_delta').notNull(),
    /** Coins at the end of the day. */
    coins: integer('coins').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day] })],
);

export const goldMonths = pgTable(
  'gold_months',
  {
    userId: userId().notNull(),
    project: text('project').notNull(),
    /** The first day of the month the level applies to (decided at its 00:00 UTC). */
    month: day('month').notNull(),
    levelBefore: smallint('level_before').notNull(),
    levelAfter: smallint('level_after').notNull(),
    coins: integer('coins').notNull(),
    /** Efficiency of the month before, micro-USD. */
    efficiencyMicro: micro('efficiency_micro').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.month] })],
);

export const storageDays = pgTable(
  'storage_days',
  {
    userId: userId().notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    bytes: micro('bytes').notNull(),
    costMicro: micro('cost_micro').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day] })],
);

export const unlimitedPeriods = pgTable(
  'unlimited_periods',
  {
    id: id(),
    userId: userId().notNull(),
    project: text('project').notNull(),
    kind: text('kind').$type<'auto' | 'trial'>().notNull(),
    startsOn: day('starts_on').notNull(),
    /** Exclusive. */
    endsOn: day('ends_on').notNull(),
    months: smallint('months').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('unlimited_periods_user_idx').on(t.userId, t.project, t.startsOn),
    uniqueIndex('unlimited_periods_auto_key').on(t.userId, t.project, t.kind, t.startsOn),
  ],
);

export const referralCommissions = pgTable(
  'referral_commissions',
  {
    referrerId: userId('referrer_id').notNull(),
    referralId: userId('referral_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    bucket: text('bucket').$type<'downloads' | 'sales'>().notNull(),
    level: smallint('level').notNull(),
    baseMicro: micro('base_micro').notNull(),
    rateBp: integer('rate_bp').notNull(),
    amountMicro: micro('amount_micro').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.referrerId, t.referralId, t.project, t.day, t.bucket] }),
    index('referral_commissions_referral_idx').on(t.referralId, t.day),
  ],
);

export const additionalIncome = pgTable(
  'additional_income',
  {
    id: id(),
    userId: userId().notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    amountMicro: micro('amount_micro').notNull(),
    reason: text('reason').notNull(),
    operator: text('operator').notNull(),
    createdAt: ts('created_at').notNull(),
    /** The operator's Idempotency-Key, when sent: a retry answers the first row. */
    requestKey: text('request_key'),
  },
  (t) => [index('additional_income_user_idx').on(t.userId, t.project, t.day), uniqueIndex('additional_income_request_key').on(t.requestKey)],
);

export const news = pgTable('news', {
  id: id(),
  project: text('project'),
  publishedAt: ts('published_at').notNull(),
  createdBy: text('created_by').notNull(),
  /** Migration 0700: when it was written, last edited and withdrawn (hidden from partners). */
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at'),
  withdrawnAt: ts('withdrawn_at'),
});

export const newsTexts = pgTable(
  'news_texts',
  {
    newsId: bigint('news_id', { mode: 'number' }).notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.lang] })],
);

export const newsReads = pgTable(
  'news_reads',
  {
    newsId: bigint('news_id', { mode: 'number' }).notNull(),
    userId: userId().notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    /** null: every partner. */
    userId: userId(),
    createdAt: ts('created_at').notNull(),
    createdBy: text('created_by').notNull(),
    /** Migration 0700: when partners see it (a future time: scheduled), last edited, withdrawn. */
    publishedAt: ts('published_at').notNull(),
    updatedAt: ts('updated_at'),
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), index('notifications_published_idx').on(t.userId, t.publishedAt)],
);

export const notificationTexts = pgTable(
  'notification_texts',
  {
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.lang] })],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    userId: userId().notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
