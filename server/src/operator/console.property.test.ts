import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT } from '@pc/core';
import { createTestApp } from '../test/harness.ts';
import { balanceOf, balancesOfAll } from '../money/balance.ts';
import { insertPayoutRequest } from '../money/payouts.ts';
import { createPartner } from '../money/testing.ts';
import { STAFF_COOKIE, startStaffSession } from './staff-auth.ts';
import { addMember } from './testing.ts';

/**
 * Random sequences of console actions (additional income credits and debits, payout requests, moves, rejections,
 * approvals, batch exports, completions and item rejections, some of them refused) keep the ledger invariant after
 * every step: each partner's ledger sum is their balance (balanceOf), the set-based read agrees, and each request
 * has its payout entry and a reversal exactly when it was rejected.
 */
const action = fc.oneof(
  fc.record({ kind: fc.constant('income' as const), partner: fc.integer({ min: 0, max: 1 }), amount: fc.integer({ min: -50_000_000, max: 900_000_000 }).filter((a) => a !== 0) }),
  fc.record({ kind: fc.constant('request' as const), partner: fc.integer({ min: 0, max: 1 }), amount: fc.integer({ min: 1_000_000, max: 1_600_000_000 }) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.constantFrom('review', 'process', 'accepted', 'rejected'), member: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('approve' as const), pick: fc.nat(), member: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('export' as const), member: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('complete' as const), member: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('reject_item' as const), pick: fc.nat(), member: fc.integer({ min: 0, max: 1 }) }),
);

describe('console actions (property)', () => {
  it('keep the ledger invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        const t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
        try {
          const db = t.ctx.database.db;
          const partners = [await createPartner(t.ctx.database, { email: 'a@x.test' }), await createPartner(t.ctx.database, { email: 'b@x.test' })];
          const members: Array<{ cookie: string }> = [];
          for (const name of ['one', 'two']) {
            const m = await addMember(t, 'finance', { email: `${name}@staff.test`, name, totp: false });
            members.push({ cookie: `${STAFF_COOKIE}=${await startStaffSession(db, m.id, 'full', t.clock.now(), { ip: '10.0.0.1', userAgent: 't' })}` });
          }
          const requests: number[] = [];
          const call = (member: number, url: string, payload: object = {}) =>
            t.app.inject({ method: 'POST', url: `/operator/v1${url}`, headers: { cookie: members[member]!.cookie }, payload });
          const latestBatch = async () => (await t.ctx.database.query<{ id: number }>(sql`select id from payout_batches order by id desc limit 1`))[0]?.id;
          for (const a of actions) {
            t.clock.advance(60_000);
            let res: { statusCode: number; body: string } | undefined;
            switch (a.kind) {
              case 'income':
                res = await call(0, `/partners/${partners[a.partner]}/additional-income`, { project: 'fd1', amount: a.amount, reason: 'property' });
                break;
              case 'request': {
                const userId = partners[a.partner]!;
                const r = await db.transaction((tx) =>
                  insertPayoutRequest(tx, { userId, amountMicro: a.amount, feeMicro: 1_000_000, walletType: 'paypal', paymentDetails: 'p@x.test', actor: 'partner' }, t.clock.now()),
                );
                requests.push(r.id);
                break;
              }
              case 'move':
                if (requests.length)
                  res = await call(a.member, `/queue/payouts/${requests[a.pick % requests.length]}/status`, { status: a.to, ...(a.to === 'rejected' ? { reason: 'property' } : {}) });
                break;
              case 'approve':
                if (requests.length) res = await call(a.member, `/queue/payouts/${requests[a.pick % requests.length]}/approve`);
                break;
              case 'export': {
                const free = await t.ctx.database.query<{ id: number }>(
                  sql`select r.id from payout_requests r where r.status in ('created', 'review', 'process')
                      and not exists (select 1 from payout_batch_items i join payout_batches b on b.id = i.batch_id where i.payout_id = r.id and b.status = 'open')
                      order by r.id`,
                );
                if (free.length) res = await call(a.member, '/queue/payouts/export', { ids: free.map((f) => Number(f.id)), system: 'paypal' });
                break;
              }
              case 'complete': {
                const batch = await latestBatch();
                if (batch) res = await call(a.member, `/queue/batches/${batch}/complete`);
                break;
              }
              case 'reject_item': {
                const batch = await latestBatch();
                if (batch) {
                  const items = await t.ctx.database.query<{ payout_id: number }>(sql`select payout_id from payout_batch_items where batch_id = ${batch} order by payout_id`);
                  res = await call(a.member, `/queue/batches/${batch}/items/${items[a.pick % items.length]!.payout_id}/reject`, { reason: 'property' });
                }
                break;
              }
            }
            // Refusals are answers (404, 409, 422), never a failure.
            if (res) expect(res.statusCode, res.body).toBeLessThan(500);

            const now = t.clock.now();
            const all = await balancesOfAll(db, now, DEFAULT_PRODUCT);
            for (const p of partners) {
              const [sum] = await t.ctx.database.query<{ s: number }>(sql`select coalesce(sum(amount_micro), 0)::bigint as s from ledger_entries where user_id = ${p}`);
              const b = await balanceOf(db, p, now, DEFAULT_PRODUCT);
              expect(Number(sum!.s)).toBe(b.balance);
              expect(all.get(p)?.balance ?? 0).toBe(b.balance);
            }
            const broken = await t.ctx.database.query(
              sql`select r.id from payout_requests r
                  where (select count(*) from ledger_entries e where e.idempotency_key = 'payout:' || r.id) <> 1
                     or (select count(*) from ledger_entries e where e.idempotency_key = 'payout:' || r.id || ':reversal') <> (case when r.status in ('rejected', 'deleted') then 1 else 0 end)`,
            );
            expect(broken).toEqual([]);
          }
        } finally {
          await t.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
