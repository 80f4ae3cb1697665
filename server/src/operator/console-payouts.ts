import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  batchAnswer,
  batchIdParam,
  batchItemParam,
  batchPaymentId,
  batchRejectBody,
  can,
  checkApprove,
  checkComplete,
  formatMoney,
  needsSecondApproval,
  operatorIdParam,
  payoutRiskSignals,
  queueApproveAnswer,
  queueExportAnswer,
  queueExportBody,
  queueMoveAnswer,
  queueMoveBody,
  queuePayoutAnswer,
  queuePayoutsAnswer,
  queuePayoutsQuery,
  receivedMicro,
  usdText,
  type BatchView,
  type OperatorPayout,
  type PayoutRiskFacts,
  type PayoutSystem,
  type QueuePayout,
  type QueuePayoutsQuery,
} from '@pc/core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { payoutApprovals, payoutBatches, payoutBatchItems, payoutRequests, purses, staff, users, type PayoutStatus } from '../db/schema/index.ts';
import { rows, type Tx } from '../db/sql.ts';
import { AppError } from '../lib/errors.ts';
import { notifyPayoutDecisions } from '../money/payout-mail.ts';
import { conversionView, movePayoutRequest, payoutHistory, type PayoutRow } from '../money/payouts.ts';
import { loadProduct } from '../money/product.ts';
import { payableWalletDetails, walletKeys, type WalletKeys } from '../money/wallets.ts';
import { actorOf } from './access.ts';
import { audit, csvField, type StaffActor } from './audit.ts';

/**
 * The console's payouts queue (decision 0162): the list with its filters, one request with the partner's history
 * and risk signals, moves (the money module's movePayoutRequest and payout mail, as POST /payouts/{id}/status),
 * four-eyes approval of large requests, and batches exported to a payout system's file.
 */

const WAITING: PayoutStatus[] = ['created', 'review', 'process'];

export const viewPayout = (r: PayoutRow): OperatorPayout => ({
  id: r.id,
  user_id: r.userId,
  amount: r.amountMicro,
  fee: r.feeMicro,
  wallet_type: r.walletType,
  payment_details: r.paymentDetails,
  status: r.status,
  status_reason: r.statusReason,
  created_date: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  conversion: conversionView(r),
});

/** The queue's rows of some requests: their partners' e-mails, approvals and open (else latest) batches. */
async function queueViews(db: Tx, requests: PayoutRow[], thresholdMicro: number): Promise<QueuePayout[]> {
  if (!requests.length) return [];
  const ids = requests.map((r) => r.id);
  const emails = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [...new Set(requests.map((r) => r.userId))]))).map((u) => [u.id, u.email]),
  );
  const approvals = new Map(
    (
      await db
        .select({ payoutId: payoutApprovals.payoutId, staffId: payoutApprovals.staffId, at: payoutApprovals.approvedAt, name: staff.name })
        .from(payoutApprovals)
        .innerJoin(staff, eq(staff.id, payoutApprovals.staffId))
        .where(inArray(payoutApprovals.payoutId, ids))
    ).map((a) => [a.payoutId, a]),
  );
  const batches = new Map<number, number>();
  for (const b of await db
    .select({ payoutId: payoutBatchItems.payoutId, batchId: payoutBatchItems.batchId })
    .from(payoutBatchItems)
    .where(inArray(payoutBatchItems.payoutId, ids))
    .orderBy(asc(payoutBatchItems.batchId)))
    batches.set(b.payoutId, b.batchId);
  return requests.map((r) => {
    const a = approvals.get(r.id);
    return {
      ...viewPayout(r),
      email: emails.get(r.userId) ?? '',
      needs_approval: needsSecondApproval(r.amountMicro, thresholdMicro),
      approval: a ? { staff_id: a.staffId, name: a.name, at: a.at.toISOString() } : null,
      batch_id: batches.get(r.id) ?? null,
    };
  });
}

const SORTS: Record<QueuePayoutsQuery['sort'], SQL[]> = {
  created_at: [sql`${payoutRequests.createdAt} asc`, sql`${payoutRequests.id} asc`],
  '-created_at': [sql`${payoutRequests.createdAt} desc`, sql`${payoutRequests.id} desc`],
  amount: [sql`${payoutRequests.amountMicro} asc`, sql`${payoutRequests.id} asc`],
  '-amount': [sql`${payoutRequests.amountMicro} desc`, sql`${payoutRequests.id} desc`],
  id: [sql`${payoutRequests.id} asc`],
  '-id': [sql`${payoutRequests.id} desc`],
};

/** One page of the queue: the filters (every one optional, all must hold), the sort, the total. */
export async function listQueue(db: Db, q: QueuePayoutsQuery, thresholdMicro: number): Promise<{ data: QueuePayout[]; total: number }> {
  const conditions: Array<SQL | undefined> = [
    q.status ? inArray(payoutRequests.status, q.status) : undefined,
    q.system ? eq(payoutRequests.walletType, q.system) : undefined,
    q.amount_min !== undefined ? gte(payoutRequests.amountMicro, q.amount_min) : undefined,
    q.amount_max !== undefined ? lte(payoutRequests.amountMicro, q.amount_max) : undefined,
    q.created_after ? gte(payoutRequests.createdAt, new Date(q.created_after)) : undefined,
    q.created_before ? sql`${payoutRequests.createdAt} < ${new Date(q.created_before)}` : undefined,
    q.batch_id !== undefined ? sql`exists (select 1 from payout_batch_items i where i.payout_id = ${payoutRequests.id} and i.batch_id = ${q.batch_id})` : undefined,
  ];
  if (q.partner !== undefined) {
    // A partner by id (digits) or by e-mail address (whatever its case).
    conditions.push(
      /^\d+$/.test(q.partner)
        ? eq(payoutRequests.userId, Number(q.partner))
        : sql`${payoutRequests.userId} in (select id from users where lower(email) = ${q.partner.toLowerCase()})`,
    );
  }
  const present = conditions.filter((c) => c !== undefined);
  const where = present.length ? and(...present) : undefined;
  const found = await db
    .select()
    .from(payoutRequests)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(payoutRequests).where(where);
  return { data: await queueViews(db, found, thresholdMicro), total: total?.n ?? 0 };
}

/** The months' earnings of a partner: closed days from the ledger, live days from the rollups, by UTC month. */
async function monthlyEarnings(db: Tx, userId: number): Promise<Map<string, number>> {
  const months = await rows<{ month: string; amount: number }>(
    db,
    sql`select month, sum(amount)::bigint as amount from (
          select to_char(day, 'YYYY-MM') as month, amount_micro as amount from ledger_entries
          where user_id = ${userId} and kind in ('earning', 'correction')
          union all
          select to_char(d.day, 'YYYY-MM'), d.earned_micro from ingest_daily d
          where d.user_id = ${userId}
            and not exists (select 1 from closed_partner_days c where c.user_id = d.user_id and c.project = d.project and c.day = d.day)
        ) e group by month`,
  );
  return new Map(months.map((m) => [m.month, m.amount]));
}

/** How far back the sales behind the fraud and refund share are counted. */
const RISK_SALES_DAYS = 90;

/**
 * The facts behind a request's risk signals (core payoutRiskSignals). E-mail changes are not recorded as such: a
 * confirmed change is the spent `email_change` link whose address is the partner's address now (links are kept
 * until housekeeping removes them, so an old change may no longer be known). Sign-in addresses are those of the
 * sessions still kept (a session that ended is deleted), the staff's read-only views left out.
 */
export async function riskFacts(db: Tx, request: PayoutRow, now: Date): Promise<PayoutRiskFacts> {
  const userId = request.userId;
  const [wallet] = request.walletId === null ? [] : await db.select().from(purses).where(eq(purses.id, request.walletId));
  const [emailChange] = await rows<{ at: Date | string }>(
    db,
    sql`select t.used_at as at from one_time_tokens t join users u on u.id = t.user_id
        where t.user_id = ${userId} and t.kind = 'email_change' and t.used_at is not null and t.payload->>'email' = u.email
        order by t.used_at desc limit 1`,
  );
  const [accepted] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from payout_requests where user_id = ${userId} and status = 'accepted' and id <> ${request.id}`,
  );
  const months = await monthlyEarnings(db, userId);
  const thisMonth = now.toISOString().slice(0, 7);
  const previous = [...months.entries()].filter(([m, amount]) => m < thisMonth && amount !== 0).sort((a, b) => (a[0] < b[0] ? 1 : -1)).slice(0, 12);
  const [sales] = await rows<{ sales: number; fraud: number; refunded: number }>(
    db,
    sql`select count(*)::int as sales, count(*) filter (where fraud)::int as fraud, count(*) filter (where status = 'refund' and not fraud)::int as refunded
        from ingest_sales where user_id = ${userId} and known and at >= ${new Date(now.getTime() - RISK_SALES_DAYS * 86_400_000)}`,
  );
  const sameWallet = wallet
    ? await rows<{ user_id: number }>(
        db,
        sql`select distinct user_id from purses where fingerprint = ${wallet.fingerprint} and system = ${wallet.system} and user_id <> ${userId} order by user_id`,
      )
    : [];
  const sameAddress = await rows<{ user_id: number }>(
    db,
    sql`select distinct o.user_id from sessions o
        where o.user_id <> ${userId} and o.ip <> '' and o.operator_view is null
          and o.ip in (select s.ip from sessions s where s.user_id = ${userId} and s.ip <> '' and s.operator_view is null)
        order by o.user_id limit 50`,
  );
  return {
    now: now.toISOString(),
    walletAddedAt: wallet ? wallet.createdAt.toISOString() : null,
    emailChangedAt: emailChange ? new Date(emailChange.at).toISOString() : null,
    acceptedPayouts: accepted?.n ?? 0,
    monthEarnedMicro: months.get(thisMonth) ?? 0,
    previousMonthsEarnedMicro: previous.map(([, amount]) => amount),
    sales: sales?.sales ?? 0,
    fraudSales: sales?.fraud ?? 0,
    refundedSales: sales?.refunded ?? 0,
    sameWalletPartners: sameWallet.map((r) => Number(r.user_id)),
    sameAddressPartners: sameAddress.map((r) => Number(r.user_id)),
  };
}

/** Who a move is recorded as in the request's history (as POST /payouts/{id}/status records it). */
const historyActor = (actor: StaffActor, label: string) => `operator:${label || actor.name}`;

function fourEyesError(reason: 'approval_required' | 'approver_cannot_complete' | 'not_a_person', thresholdMicro: number, id: number) {
  return new AppError('conflict', { key: `operator:${reason}`, params: { threshold: formatMoney(thresholdMicro, 'en'), id } }, undefined, { reason });
}

async function approvalOf(tx: Tx, payoutId: number): Promise<number | null> {
  const [a] = await tx.select({ staffId: payoutApprovals.staffId }).from(payoutApprovals).where(eq(payoutApprovals.payoutId, payoutId));
  return a?.staffId ?? null;
}

/**
 * Moves one request inside the caller's transaction: the four-eyes rule first when it is completed, then the money
 * module's move (history, postbacks, the reversal entry of a rejection), then its audit row. Throws AppError
 * (the transaction then rolls back whole).
 */
async function moveInTx(
  tx: Db,
  by: { actor: StaffActor; label: string; ip: string | null },
  input: { id: number; to: 'review' | 'process' | 'accepted' | 'rejected'; reason: string; batchId?: number },
  thresholdMicro: number,
  now: Date,
): Promise<PayoutRow> {
  const [current] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, input.id)).for('update');
  if (!current) throw new AppError('not_found', { key: 'operator:payout_not_found' });
  if (input.to === 'accepted') {
    const check = checkComplete({ amountMicro: current.amountMicro, thresholdMicro, approvedBy: await approvalOf(tx, current.id), actor: by.actor });
    if (!check.ok) throw fourEyesError(check.reason, thresholdMicro, current.id);
  }
  const moved = await movePayoutRequest(tx, { id: input.id, to: input.to, by: 'operator', reason: input.reason, actor: historyActor(by.actor, by.label) }, now);
  if (!moved.ok) {
    if (moved.reason === 'not_found') throw new AppError('not_found', { key: 'operator:payout_not_found' });
    throw new AppError('conflict', { key: 'operator:payout_transition_refused', params: { from: moved.status, to: input.to } }, undefined, { reason: 'transition_refused' });
  }
  await audit(
    tx,
    by.actor,
    {
      action: 'payout.status',
      targetType: 'payout',
      targetId: input.id,
      before: { status: current.status },
      after: { status: input.to, reason: input.reason, ...(input.batchId ? { batch_id: input.batchId } : {}) },
    },
    by.ip,
    now,
  );
  return moved.request;
}

/** Moves one request (the queue's move and a batch item's rejection), then mails the partner once it has committed. */
export async function moveQueued(
  ctx: AppContext,
  log: FastifyBaseLogger,
  by: { actor: StaffActor; label: string; ip: string | null },
  input: { id: number; to: 'review' | 'process' | 'accepted' | 'rejected'; reason: string; batchId?: number },
): Promise<PayoutRow> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const product = await loadProduct(db);
  const moved = await db.transaction((tx) => moveInTx(tx as unknown as Db, by, input, product.payoutFourEyesMicro, now));
  await notifyPayoutDecisions(ctx, log, moved.id);
  return moved;
}

/** The approval of a large request by a person; one per request, audited. */
export async function approvePayout(db: Db, by: { actor: StaffActor; ip: string | null }, id: number, now: Date): Promise<void> {
  const product = await loadProduct(db);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for('update');
    if (!current) throw new AppError('not_found', { key: 'operator:payout_not_found' });
    if (!WAITING.includes(current.status)) throw new AppError('conflict', { key: 'operator:approve_status', params: { status: current.status } }, undefined, { reason: 'not_waiting' });
    const threshold = product.payoutFourEyesMicro;
    const check = checkApprove({ amountMicro: current.amountMicro, thresholdMicro: threshold, approvedBy: await approvalOf(tx, id), actor: by.actor });
    if (!check.ok)
      throw new AppError('conflict', { key: `operator:approve_${check.reason}`, params: { threshold: formatMoney(threshold, 'en') } }, undefined, { reason: check.reason });
    await tx.insert(payoutApprovals).values({ payoutId: id, staffId: by.actor.id!, approvedAt: now });
    await audit(tx, by.actor, { action: 'payout.approve', targetType: 'payout', targetId: id, after: { amount: current.amountMicro, threshold } }, by.ip, now);
  });
}

// ---- batches -------------------------------------------------------------------------------------------------

async function batchView(db: Tx, batchId: number): Promise<BatchView | null> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) return null;
  const items = await db
    .select({ r: payoutRequests })
    .from(payoutBatchItems)
    .innerJoin(payoutRequests, eq(payoutRequests.id, payoutBatchItems.payoutId))
    .where(eq(payoutBatchItems.batchId, batchId))
    .orderBy(asc(payoutRequests.id));
  return {
    id: batch.id,
    system: batch.system,
    status: batch.status,
    created_by: { kind: batch.createdByKind, id: batch.createdById, name: batch.createdByName },
    created_at: batch.createdAt.toISOString(),
    completed_at: batch.completedAt?.toISOString() ?? null,
    items: items.map(({ r }) => ({ payout_id: r.id, user_id: r.userId, amount: r.amountMicro, fee: r.feeMicro, status: r.status })),
  };
}

/**
 * PayPal's mass payment file (decision 0162): no header; per payment the recipient's e-mail, the amount in US
 * dollars with two decimals (what the partner receives: amount − fee), the currency code, a unique id of the
 * payment and a note.
 */
export const PAYPAL_COLUMNS = ['email', 'amount', 'currency', 'unique_id', 'note'] as const;
/** The generic file's fixed columns, then `wallet_<field>` for every field of the system's wallets (sorted). */
export const GENERIC_COLUMNS = [
  'payment_id',
  'batch_id',
  'payout_id',
  'partner_id',
  'partner_email',
  'system',
  'requested_usd',
  'fee_usd',
  'pay_usd',
  'pay_currency',
  'pay_amount',
  'rate',
  'rate_date',
  'rate_source',
  'created_at',
] as const;

export interface BatchFile {
  name: string;
  contentType: string;
  content: string;
}

/**
 * A batch's file, made from its requests and their wallets now. A card's whole number is decrypted here (only the
 * export and the re-download call this, behind payouts.export and wallets.read) and goes only into the file.
 */
export async function batchFile(db: Tx, keys: WalletKeys, batchId: number): Promise<BatchFile | null> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) return null;
  const items = await db
    .select({ r: payoutRequests, email: users.email, wallet: purses })
    .from(payoutBatchItems)
    .innerJoin(payoutRequests, eq(payoutRequests.id, payoutBatchItems.payoutId))
    .innerJoin(users, eq(users.id, payoutRequests.userId))
    .leftJoin(purses, eq(purses.id, payoutRequests.walletId))
    .where(eq(payoutBatchItems.batchId, batchId))
    .orderBy(asc(payoutRequests.id));
  const details = items.map(({ r, wallet }) => (wallet ? payableWalletDetails(keys, wallet) : { payment_details: r.paymentDetails }));
  const line = (fields: unknown[]) => fields.map(csvField).join(',');
  if (batch.system === 'paypal') {
    const lines = items.map(({ r }, i) =>
      line([details[i]!.email ?? r.paymentDetails, usdText(receivedMicro(r.amountMicro, r.feeMicro)), 'USD', batchPaymentId(batch.id, r.id), `Payout ${r.id}`]),
    );
    return { name: `paypal-batch-${batch.id}.csv`, contentType: 'text/csv; charset=utf-8', content: lines.map((l) => `${l}\r\n`).join('') };
  }
  const walletFields = [...new Set(details.flatMap((d) => Object.keys(d)))].sort();
  const header = [...GENERIC_COLUMNS, ...walletFields.map((f) => `wallet_${f}`)];
  const lines = items.map(({ r, email }, i) => {
    const c = conversionView(r);
    const received = receivedMicro(r.amountMicro, r.feeMicro);
    return line([
      batchPaymentId(batch.id, r.id),
      batch.id,
      r.id,
      r.userId,
      email,
      r.walletType,
      usdText(r.amountMicro),
      usdText(r.feeMicro),
      usdText(received),
      c ? c.currency : 'USD',
      c ? (c.amount_minor / 100).toFixed(2) : usdText(received),
      c?.rate ?? '',
      c?.rate_date ?? '',
      c?.source ?? '',
      r.createdAt.toISOString(),
      ...walletFields.map((f) => details[i]![f] ?? ''),
    ]);
  });
  return {
    name: `${batch.system}-batch-${batch.id}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: [line(header), ...lines].map((l) => `${l}\r\n`).join(''),
  };
}

/**
 * Exports requests of one system into a new batch, all or nothing: each must exist, be of that system, be waiting
 * (created, review or process) and not be in another open batch. Those created or in review move on to process
 * (through review, as the statuses go), each move in the history, with its postback and audit row. Answers the batch.
 */
export async function exportBatch(
  db: Db,
  by: { actor: StaffActor; label: string; ip: string | null },
  input: { ids: number[]; system: PayoutSystem },
  now: Date,
): Promise<{ batchId: number; moved: number[] }> {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  const product = await loadProduct(db);
  return db.transaction(async (tx) => {
    const found = await tx.select().from(payoutRequests).where(inArray(payoutRequests.id, ids)).orderBy(asc(payoutRequests.id)).for('update');
    // The requests' rows are locked above: an export of the same requests at once waits here and then sees this batch.
    const open = await tx
      .select({ payoutId: payoutBatchItems.payoutId })
      .from(payoutBatchItems)
      .innerJoin(payoutBatches, eq(payoutBatches.id, payoutBatchItems.batchId))
      .where(and(eq(payoutBatches.status, 'open'), inArray(payoutBatchItems.payoutId, ids)));
    const inOpen = new Set(open.map((o) => o.payoutId));
    const problems: string[] = [];
    const byId = new Map(found.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id);
      if (!r) problems.push(`${id}:not_found`);
      else if (r.walletType !== input.system) problems.push(`${id}:other_system`);
      else if (!WAITING.includes(r.status)) problems.push(`${id}:${r.status}`);
      else if (inOpen.has(id)) problems.push(`${id}:in_open_batch`);
    }
    if (problems.length)
      throw new AppError('conflict', { key: 'operator:export_refused', params: { problems: problems.join(', ') } }, undefined, { reason: 'export_refused', problems: problems.join(',') });
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ system: input.system, createdByKind: by.actor.kind, createdById: by.actor.id, createdByName: by.actor.name, createdAt: now, status: 'open' })
      .returning({ id: payoutBatches.id });
    const batchId = batch!.id;
    await tx.insert(payoutBatchItems).values(ids.map((payoutId) => ({ batchId, payoutId })));
    const moved: number[] = [];
    for (const r of found) {
      const steps: Array<'review' | 'process'> = r.status === 'created' ? ['review', 'process'] : r.status === 'review' ? ['process'] : [];
      for (const to of steps) await moveInTx(tx as unknown as Db, by, { id: r.id, to, reason: '', batchId }, product.payoutFourEyesMicro, now);
      if (steps.length) moved.push(r.id);
    }
    // Which requests went into the file, never what the file holds (card numbers).
    await audit(tx, by.actor, { action: 'payout.export', targetType: 'batch', targetId: batchId, after: { system: input.system, ids } }, by.ip, now);
    return { batchId, moved };
  });
}

/**
 * Completes a batch, all or nothing (decision 0162): every item still in process moves to accepted in one
 * transaction, each under the four-eyes rule; if any item cannot (a large one not approved by another member, or
 * one no longer in process), nothing moves and the answer names each such item. Items already accepted or
 * rejected stay as they are. Answers the ids moved (to mail their partners after the commit).
 */
export async function completeBatch(db: Db, by: { actor: StaffActor; label: string; ip: string | null }, batchId: number, now: Date): Promise<number[]> {
  const product = await loadProduct(db);
  const threshold = product.payoutFourEyesMicro;
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId)).for('update');
    if (!batch) throw new AppError('not_found', { key: 'operator:batch_not_found' });
    if (batch.status !== 'open') throw new AppError('conflict', { key: 'operator:batch_completed' }, undefined, { reason: 'batch_completed' });
    const items = await tx
      .select({ r: payoutRequests })
      .from(payoutBatchItems)
      .innerJoin(payoutRequests, eq(payoutRequests.id, payoutBatchItems.payoutId))
      .where(eq(payoutBatchItems.batchId, batchId))
      .orderBy(asc(payoutRequests.id));
    const due = items.map((i) => i.r).filter((r) => r.status !== 'accepted' && r.status !== 'rejected');
    const problems: string[] = [];
    for (const r of due) {
      if (r.status !== 'process') problems.push(`${r.id}:${r.status}`);
      else {
        const check = checkComplete({ amountMicro: r.amountMicro, thresholdMicro: threshold, approvedBy: await approvalOf(tx, r.id), actor: by.actor });
        if (!check.ok) problems.push(`${r.id}:${check.reason}`);
      }
    }
    if (problems.length)
      throw new AppError('conflict', { key: 'operator:batch_complete_refused', params: { problems: problems.join(', ') } }, undefined, { reason: 'batch_complete_refused', problems: problems.join(',') });
    for (const r of due) await moveInTx(tx as unknown as Db, by, { id: r.id, to: 'accepted', reason: '', batchId }, threshold, now);
    await tx.update(payoutBatches).set({ status: 'completed', completedAt: now }).where(eq(payoutBatches.id, batchId));
    await audit(tx, by.actor, { action: 'batch.complete', targetType: 'batch', targetId: batchId, before: { status: 'open' }, after: { status: 'completed', accepted: due.map((r) => r.id) } }, by.ip, now);
    return due.map((r) => r.id);
  });
}

export async function consolePayoutRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { database, clock, config } = ctx;
  const db = database.db;
  const by = (request: { ip: string; operator: string } & Parameters<typeof actorOf>[0]) => ({ actor: actorOf(request), label: request.operator, ip: request.ip });
  const threshold = async () => (await loadProduct(db)).payoutFourEyesMicro;
  const oneView = async (id: number) => {
    const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
    if (!row) throw new AppError('not_found', { key: 'operator:payout_not_found' });
    return (await queueViews(db, [row], await threshold()))[0]!;
  };

  app.get(
    '/queue/payouts',
    { config: { permission: 'payouts.read' }, schema: { tags: ['operator'], querystring: queuePayoutsQuery, response: { 200: queuePayoutsAnswer } } },
    async (request) => {
      const q = request.query;
      const { data, total } = await listQueue(db, q, await threshold());
      return { data, meta: { page: q.page, per_page: q.per_page, total } };
    },
  );

  app.get(
    '/queue/payouts/:id',
    { config: { permission: 'payouts.read' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: queuePayoutAnswer } } },
    async (request) => {
      const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, request.params.id));
      if (!row) throw new AppError('not_found', { key: 'operator:payout_not_found' });
      const four = await threshold();
      const [view] = await queueViews(db, [row], four);
      const [partner] = await db.select().from(users).where(eq(users.id, row.userId));
      const recent = await db
        .select()
        .from(payoutRequests)
        .where(and(eq(payoutRequests.userId, row.userId), sql`${payoutRequests.id} <> ${row.id}`))
        .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
        .limit(10);
      const history = await payoutHistory(db, row.id);
      return {
        request: view!,
        history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, reason: h.reason, actor: h.actor, at: h.at.toISOString() })),
        partner: {
          id: row.userId,
          email: partner?.email ?? '',
          lang: partner?.lang ?? 'en',
          created_at: (partner?.createdAt ?? row.createdAt).toISOString(),
          blocked: partner ? !partner.isActive : false,
        },
        recent_payouts: recent.map(viewPayout),
        risk: payoutRiskSignals(await riskFacts(db, row, clock.now())),
        four_eyes_micro: four,
      };
    },
  );

  app.post(
    '/queue/payouts/:id/status',
    { config: { permission: 'payouts.move' }, schema: { tags: ['operator'], params: operatorIdParam, body: queueMoveBody, response: { 200: queueMoveAnswer } } },
    async (request) => {
      const { status, reason } = request.body;
      if (status === 'rejected' && !reason) throw new AppError('validation_failed', undefined, { reason: [{ key: 'operator:reason_required' }] });
      const moved = await moveQueued(ctx, request.log, by(request), { id: request.params.id, to: status, reason: reason ?? '' });
      return oneView(moved.id);
    },
  );

  app.post(
    '/queue/payouts/:id/approve',
    { config: { permission: 'payouts.approve' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: queueApproveAnswer } } },
    async (request) => {
      await approvePayout(db, by(request), request.params.id, clock.now());
      return oneView(request.params.id);
    },
  );

  /** Card numbers go into a file only for roles that may read whole wallets (finance, admin). */
  const mayReadWallets = (actor: StaffActor) => {
    if (!can(actor.role, 'wallets.read')) throw new AppError('forbidden', undefined, undefined, { permission: 'wallets.read' });
  };

  app.post(
    '/queue/payouts/export',
    { config: { permission: 'payouts.export' }, schema: { tags: ['operator'], body: queueExportBody, response: { 200: queueExportAnswer } } },
    async (request) => {
      const caller = by(request);
      mayReadWallets(caller.actor);
      const { batchId, moved } = await exportBatch(db, caller, request.body, clock.now());
      for (const id of moved) await notifyPayoutDecisions(ctx, request.log, id);
      const file = (await batchFile(db, walletKeys(config.PAYOUT_DETAILS_KEY), batchId))!;
      return { batch: (await batchView(db, batchId))!, file: { name: file.name, content_type: file.contentType, content: file.content } };
    },
  );

  app.get(
    '/queue/batches/:id',
    { config: { permission: 'payouts.read' }, schema: { tags: ['operator'], params: batchIdParam, response: { 200: batchAnswer } } },
    async (request) => {
      const view = await batchView(db, request.params.id);
      if (!view) throw new AppError('not_found', { key: 'operator:batch_not_found' });
      return view;
    },
  );

  app.get(
    '/queue/batches/:id/file',
    { config: { permission: 'payouts.export' }, schema: { tags: ['operator'], params: batchIdParam } },
    async (request, reply) => {
      const caller = by(request);
      mayReadWallets(caller.actor);
      const file = await batchFile(db, walletKeys(config.PAYOUT_DETAILS_KEY), request.params.id);
      if (!file) throw new AppError('not_found', { key: 'operator:batch_not_found' });
      const view = (await batchView(db, request.params.id))!;
      const now = clock.now();
      await db.transaction((tx) =>
        audit(tx, caller.actor, { action: 'batch.file', targetType: 'batch', targetId: view.id, after: { ids: view.items.map((i) => i.payout_id) } }, caller.ip, now),
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  app.post(
    '/queue/batches/:id/complete',
    { config: { permission: 'payouts.move' }, schema: { tags: ['operator'], params: batchIdParam, response: { 200: batchAnswer } } },
    async (request) => {
      const moved = await completeBatch(db, by(request), request.params.id, clock.now());
      for (const id of moved) await notifyPayoutDecisions(ctx, request.log, id);
      return (await batchView(db, request.params.id))!;
    },
  );

  app.post(
    '/queue/batches/:id/items/:payoutId/reject',
    { config: { permission: 'payouts.move' }, schema: { tags: ['operator'], params: batchItemParam, body: batchRejectBody, response: { 200: batchAnswer } } },
    async (request) => {
      const { id, payoutId } = request.params;
      const [item] = await db
        .select()
        .from(payoutBatchItems)
        .where(and(eq(payoutBatchItems.batchId, id), eq(payoutBatchItems.payoutId, payoutId)));
      if (!item) throw new AppError('not_found', { key: 'operator:batch_item_not_found' });
      await moveQueued(ctx, request.log, by(request), { id: payoutId, to: 'rejected', reason: request.body.reason, batchId: id });
      return (await batchView(db, id))!;
    },
  );
}
