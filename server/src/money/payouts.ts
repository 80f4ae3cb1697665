import { and, eq, sql } from 'drizzle-orm';
import { canTransitionPayout, dayOf, payoutCountsAgainstBalance, type PayoutActor } from '@pc/core';
import type { Db } from '../db/client.ts';
import { payoutRequestHistory, payoutRequests, type PayoutStatus } from '../db/schema/index.ts';
import { lockKey, type Tx } from '../db/sql.ts';
import { writeEntry } from './ledger.ts';

/**
 * Payout requests and their money. Creating a request writes a `payout` ledger entry (−amount); rejecting or
 * deleting it writes the `payout_reversal` (+amount). So balance = sum of the ledger (+ live earnings) and no
 * request is counted twice. Who may move a request where is core's canTransitionPayout (the operator: created →
 * review → process → accepted, rejected from the first three; the partner: deleted while created).
 */
export type PayoutRow = typeof payoutRequests.$inferSelect;

export async function insertPayoutRequest(
  tx: Tx,
  input: { userId: number; amountMicro: number; feeMicro?: number; walletType?: string; paymentDetails: string; walletId?: number | null; actor: string },
  now: Date,
): Promise<PayoutRow> {
  const [row] = await tx
    .insert(payoutRequests)
    .values({
      userId: input.userId,
      amountMicro: input.amountMicro,
      feeMicro: input.feeMicro ?? 0,
      walletType: input.walletType ?? '',
      paymentDetails: input.paymentDetails,
      walletId: input.walletId ?? null,
      status: 'created',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const request = row!;
  await tx.insert(payoutRequestHistory).values({ requestId: request.id, userId: request.userId, fromStatus: null, toStatus: 'created', actor: input.actor, at: now });
  await writeEntry(tx, {
    userId: request.userId,
    project: null,
    day: dayOf(now),
    source: 'payout',
    bucket: 'other',
    kind: 'payout',
    amountMicro: -request.amountMicro,
    availableAt: now,
    idempotencyKey: `payout:${request.id}`,
    refId: request.id,
  });
  return request;
}

export type MoveResult = { ok: true; request: PayoutRow } | { ok: false; reason: 'not_found' | 'not_allowed'; status?: PayoutStatus };

/** Moves a request to `to` if its current status allows it; the check and the change are one statement. */
export async function movePayoutRequest(
  db: Db,
  input: { id: number; to: PayoutStatus; by: PayoutActor; reason?: string; actor: string; userId?: number },
  now: Date,
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const where = input.userId === undefined ? eq(payoutRequests.id, input.id) : and(eq(payoutRequests.id, input.id), eq(payoutRequests.userId, input.userId));
    const [current] = await tx.select().from(payoutRequests).where(where).for('update');
    if (!current) return { ok: false, reason: 'not_found' } as const;
    if (!canTransitionPayout(current.status, input.to, input.by)) return { ok: false, reason: 'not_allowed', status: current.status } as const;
    await lockKey(tx, `payout-user:${current.userId}`);
    const [updated] = await tx
      .update(payoutRequests)
      .set({ status: input.to, statusReason: input.reason ?? '', updatedAt: now })
      .where(and(eq(payoutRequests.id, current.id), eq(payoutRequests.status, current.status)))
      .returning();
    if (!updated) return { ok: false, reason: 'not_allowed', status: current.status } as const;
    await tx.insert(payoutRequestHistory).values({
      requestId: current.id,
      userId: current.userId,
      fromStatus: current.status,
      toStatus: input.to,
      reason: input.reason ?? '',
      actor: input.actor,
      at: now,
    });
    if (payoutCountsAgainstBalance(current.status) && !payoutCountsAgainstBalance(input.to)) {
      await writeEntry(tx, {
        userId: current.userId,
        project: null,
        day: dayOf(now),
        source: 'payout',
        bucket: 'other',
        kind: 'payout_reversal',
        amountMicro: current.amountMicro,
        availableAt: now,
        idempotencyKey: `payout:${current.id}:reversal`,
        refId: current.id,
        note: input.reason ?? '',
      });
    }
    return { ok: true, request: updated } as const;
  });
}

export async function payoutHistory(db: Db, requestId: number) {
  return db.select().from(payoutRequestHistory).where(eq(payoutRequestHistory.requestId, requestId)).orderBy(sql`${payoutRequestHistory.id}`);
}
