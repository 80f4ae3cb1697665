import { bigint, boolean, date, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { AutoPayoutMode, AutoPayoutRefusal } from '@pc/core';

// Table of migration 0800_auto_payouts.sql (decision 0202); payout_requests.automatic is declared in ledger.ts.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const autoPayouts = pgTable('auto_payouts', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  mode: text('mode').$type<AutoPayoutMode>().notNull(),
  thresholdMicro: bigint('threshold_micro', { mode: 'number' }),
  weekday: smallint('weekday'),
  monthDay: smallint('month_day'),
  updatedAt: ts('updated_at').notNull(),
  /** The UTC day of the last automatic attempt, claimed before it is made: at most one a day. */
  lastAttemptDay: date('last_attempt_day', { mode: 'string' }),
  lastAttemptAt: ts('last_attempt_at'),
  lastRequestId: bigint('last_request_id', { mode: 'number' }),
  lastRefusal: text('last_refusal').$type<AutoPayoutRefusal>(),
  lastNotifiedRefusal: text('last_notified_refusal').$type<AutoPayoutRefusal>(),
});
