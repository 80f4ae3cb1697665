import type { StaffActorKind } from '@pc/core';
import type { PayoutSystem } from '@pc/core';
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The payouts queue's approvals and batches (migration 0650, decision 0162). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const payoutApprovals = pgTable('payout_approvals', {
  payoutId: bigint('payout_id', { mode: 'number' }).primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  approvedAt: ts('approved_at').notNull(),
});

export const payoutBatches = pgTable('payout_batches', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  system: text('system').$type<PayoutSystem>().notNull(),
  createdByKind: text('created_by_kind').$type<StaffActorKind>().notNull(),
  createdById: bigint('created_by_id', { mode: 'number' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: ts('created_at').notNull(),
  status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
  completedAt: ts('completed_at'),
});

export const payoutBatchItems = pgTable(
  'payout_batch_items',
  {
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    payoutId: bigint('payout_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.payoutId] })],
);
