import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { canTransitionPayout, DEFAULT_PRODUCT, payoutFee, type PayoutStatus } from '@pc/core';
import { createTestApp, testDbKind, type TestApp } from '../../test/harness.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { fund, insertWallet, jsonHeaders, ledgerFigures } from './testing.ts';

/**
 * Any sequence of partner requests (to a chosen wallet, quick), partner deletions, operator moves and new
 * earnings keeps the balance, the available amount and the ledger equal to a simple model: available =
 * earnings − requests not rejected or deleted; a request is accepted when it reaches its system's minimum and
 * fits what is available; deletion only while created; the operator only along the allowed moves.
 */
let t: TestApp;
const USD = 1_000_000;
const DAY = 86_400_000;
const OPERATOR = { authorization: 'Bearer dev-operator-token-0000000000000000', 'x-operator': 'alice' };
let partnerNo = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: '2026-11-20T12:00:00Z' });
});
afterAll(async () => {
  await t.close();
});

type Command =
  | { kind: 'request'; amount: number; wallet: 'webmoney' | 'paypal' }
  /** A request of about everything available (± a little): the edge where a double spend would show. */
  | { kind: 'request_near_available'; delta: number; wallet: 'webmoney' | 'paypal' }
  | { kind: 'quick' }
  | { kind: 'delete'; pick: number }
  | { kind: 'move'; pick: number; to: 'review' | 'process' | 'accepted' | 'rejected' }
  | { kind: 'earn'; amount: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('request' as const), amount: fc.integer({ min: 1, max: 80 * USD }), wallet: fc.constantFrom('webmoney' as const, 'paypal' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('request_near_available' as const),
      delta: fc.oneof(fc.integer({ min: -3 * USD, max: 3 * USD }), fc.integer({ min: -2, max: 2 })),
      wallet: fc.constantFrom('webmoney' as const, 'paypal' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('quick' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.constantFrom('review' as const, 'process' as const, 'accepted' as const, 'rejected' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('earn' as const), amount: fc.integer({ min: 1, max: 50 * USD }) }) },
);

interface ModelRequest {
  id: number;
  amount: number;
  status: PayoutStatus;
}

describe(`payouts property (${testDbKind})`, () => {
  it('balance, available and the ledger follow the model through any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 150 * USD }), fc.array(command, { minLength: 3, maxLength: 30 }), async (initial, commands) => {
        const p = await createPartner(t.ctx.database, { email: `prop${++partnerNo}@x.test` });
        // Each run from its own address: the per-address rate limit of the API counts real time, not the test clock.
        const remoteAddress = `10.1.${partnerNo >> 8}.${partnerNo & 255}`;
        const cookie = await sessionCookie(t.ctx.database, p, t.clock.now());
        const confirmedAt = new Date(t.clock.now().getTime() - 10 * DAY);
        const wallets = {
          webmoney: await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'webmoney', n: partnerNo, createdAt: confirmedAt, confirmedAt }),
          paypal: await insertWallet(t.ctx.database, t.ctx.config.PAYOUT_DETAILS_KEY, { userId: p, system: 'paypal', n: partnerNo, createdAt: confirmedAt, confirmedAt }),
        };
        let earnings = 0;
        if (initial > 0) {
          await fund(t.ctx.database, p, initial, t.clock.now());
          earnings += initial;
        }
        const requests: ModelRequest[] = [];
        const counted = () => requests.filter((r) => r.status !== 'rejected' && r.status !== 'deleted').reduce((s, r) => s + r.amount, 0);
        const inProgress = () => requests.filter((r) => ['created', 'review', 'process'].includes(r.status)).reduce((s, r) => s + r.amount, 0);
        const available = () => earnings - counted();
        const acceptable = (system: 'webmoney' | 'paypal', amount: number) =>
          amount >= DEFAULT_PRODUCT.payoutSystems[system].minimumMicro && amount > payoutFee(system, amount) && amount <= available();

        for (const command of commands) {
          const c = command.kind === 'request_near_available' ? { kind: 'request' as const, wallet: command.wallet, amount: Math.max(1, available() + command.delta) } : command;
          switch (c.kind) {
            case 'request': {
              const res = await t.app.inject({ remoteAddress, method: 'POST', url: '/api/payouts', headers: jsonHeaders(cookie), payload: { amount: c.amount, wallet: wallets[c.wallet] } });
              if (acceptable(c.wallet, c.amount)) {
                expect(res.statusCode, res.body).toBe(200);
                expect(res.json().data).toMatchObject({ amount: c.amount, fee: payoutFee(c.wallet, c.amount), wallet_type: c.wallet });
                requests.push({ id: res.json().data.id, amount: c.amount, status: 'created' });
              } else expect(res.statusCode, res.body).toBe(422);
              break;
            }
            case 'quick': {
              // The main wallet: the first to become active (both at once: the first added, webmoney).
              const res = await t.app.inject({ remoteAddress, method: 'POST', url: '/api/payouts/quick', headers: { cookie } });
              const amount = available();
              if (acceptable('webmoney', amount)) {
                expect(res.statusCode, res.body).toBe(200);
                expect(res.json().data).toMatchObject({ amount, wallet_type: 'webmoney' });
                requests.push({ id: res.json().data.id, amount, status: 'created' });
              } else expect(res.statusCode, res.body).toBe(422);
              break;
            }
            case 'delete': {
              if (!requests.length) break;
              const r = requests[c.pick % requests.length]!;
              const res = await t.app.inject({ remoteAddress, method: 'DELETE', url: `/api/payout/${r.id}`, headers: { cookie } });
              if (r.status === 'created') {
                expect(res.statusCode, res.body).toBe(200);
                r.status = 'deleted';
              } else expect(res.statusCode, res.body).toBe(409);
              break;
            }
            case 'move': {
              if (!requests.length) break;
              const r = requests[c.pick % requests.length]!;
              const res = await t.app.inject({
                method: 'POST',
                url: `/operator/v1/payouts/${r.id}/status`,
                headers: OPERATOR,
                payload: { status: c.to, ...(c.to === 'rejected' ? { reason: 'test' } : {}) },
              });
              if (canTransitionPayout(r.status, c.to, 'operator')) {
                expect(res.statusCode, res.body).toBe(200);
                r.status = c.to;
              } else expect(res.statusCode, res.body).toBe(409);
              break;
            }
            case 'earn':
              await fund(t.ctx.database, p, c.amount, t.clock.now());
              earnings += c.amount;
              break;
          }
          const money = (await t.app.inject({ url: '/api/payouts/user/available-withdrawal', headers: { cookie } })).json();
          expect(money).toEqual({ amount: available(), balance: available(), hold: 0, in_progress: inProgress(), cooling_off: null, account_recovery: null });
        }

        const f = await ledgerFigures(t.ctx.database, p);
        expect(f).toMatchObject({
          earnings,
          counted: counted(),
          payouts: requests.reduce((s, r) => s + r.amount, 0),
          reversals: requests.filter((r) => r.status === 'rejected' || r.status === 'deleted').reduce((s, r) => s + r.amount, 0),
        });
        const list = (await t.app.inject({ url: '/api/payouts?per_page=200&sort_dir=asc', headers: { cookie } })).json();
        expect(list.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual(requests.map((r) => [r.id, r.status]));
        // One mail per completed or rejected request.
        const mails = await t.ctx.database.query<{ kind: string; n: number }>(
          sql`select kind, count(*)::int as n from mail_outbox where to_address = ${`prop${partnerNo}@x.test`} group by kind`,
        );
        const sent = Object.fromEntries(mails.map((m) => [m.kind, Number(m.n)]));
        expect(sent.payout_accepted ?? 0).toBe(requests.filter((r) => r.status === 'accepted').length);
        expect(sent.payout_rejected ?? 0).toBe(requests.filter((r) => r.status === 'rejected').length);
      }),
      { numRuns: 40 },
    );
  });
});
