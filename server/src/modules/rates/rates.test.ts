import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchangeRatesAnswer } from '@pc/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createPartner } from '../../money/testing.ts';
import { sessionCookie } from '../../plumbing/session/testing.ts';
import { DEMO_RATES, storeRate } from '../../money/exchange-rates.ts';
import { startBackground } from '../../background.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-23T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

async function signedIn() {
  const id = await createPartner(t.ctx.database, { email: 'p@x.test' });
  return { cookie: await sessionCookie(t.ctx.database, id, t.clock.now()) };
}

describe('GET /api/payouts/rates', () => {
  it('needs a signed-in partner', async () => {
    expect((await t.app.inject('/api/payouts/rates')).statusCode).toBe(401);
  });

  it('answers no rates while none is known, then the last known rate per currency with its date', async () => {
    const headers = await signedIn();
    const empty = await t.app.inject({ url: '/api/payouts/rates', headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ rates: [] });

    const db = t.ctx.database;
    await storeRate(db, {
      currency: 'RUB',
      rate: '92.5058',
      date: '2026-11-23',
      source: 'cbr',
      fetchedAt: new Date('2026-11-23T10:00:00Z'),
    });
    await storeRate(db, {
      currency: 'RUB',
      rate: '91.9',
      date: '2026-11-22',
      source: 'cbr',
      fetchedAt: new Date('2026-11-22T10:00:00Z'),
    });
    await storeRate(db, {
      currency: 'UAH',
      rate: '41.2345',
      date: '2026-11-21',
      source: 'nbu',
      fetchedAt: new Date('2026-11-21T10:00:00Z'),
    });
    const res = await t.app.inject({ url: '/api/payouts/rates', headers });
    expect(res.statusCode).toBe(200);
    const body = exchangeRatesAnswer.parse(res.json());
    expect(body).toEqual({
      rates: [
        {
          currency: 'RUB',
          rate: '92.5058',
          date: '2026-11-23',
          source: 'cbr',
          fetched_at: '2026-11-23T10:00:00.000Z',
          quotes_payouts: true,
        },
        {
          currency: 'UAH',
          rate: '41.2345',
          date: '2026-11-21',
          source: 'nbu',
          fetched_at: '2026-11-21T10:00:00.000Z',
          quotes_payouts: true,
        },
      ],
    });
    // Six days later the hryvnia rate of November 21 is more than 7 days old: shown, but no payout is quoted at it.
    t.clock.set('2026-11-29T12:00:00Z');
    const later = exchangeRatesAnswer.parse((await t.app.inject({ url: '/api/payouts/rates', headers })).json());
    expect(later.rates.map((r) => [r.currency, r.date, r.quotes_payouts])).toEqual([
      ['RUB', '2026-11-23', true],
      ['UAH', '2026-11-21', false],
    ]);
  });

  it('refuses unknown query parameters', async () => {
    const headers = await signedIn();
    expect((await t.app.inject({ url: '/api/payouts/rates?currency=RUB', headers })).statusCode).toBe(422);
  });

  it('the demo start seeds a placeholder marked demo and dated today; the test config fetches nothing', async () => {
    const background = await startBackground(t.app);
    try {
      const headers = await signedIn();
      const res = await t.app.inject({ url: '/api/payouts/rates', headers });
      expect(res.json()).toEqual({
        rates: [
          {
            currency: 'RUB',
            rate: DEMO_RATES.RUB,
            date: '2026-11-23',
            source: 'demo',
            fetched_at: '2026-11-23T12:00:00.000Z',
            quotes_payouts: true,
          },
          {
            currency: 'UAH',
            rate: DEMO_RATES.UAH,
            date: '2026-11-23',
            source: 'demo',
            fetched_at: '2026-11-23T12:00:00.000Z',
            quotes_payouts: true,
          },
        ],
      });
    } finally {
      await background.stop();
    }
  });
});
