import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import {
  DEMO_RATES,
  latestRate,
  latestRates,
  normalizeDecimal,
  perUnit,
  seedDemoRates,
  storeRate,
} from './exchange-rates.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const at = (iso: string) => new Date(iso);

describe('exact rate decimals', () => {
  it('divides by a nominal exactly, half-up past 10 decimals, trailing zeros dropped', () => {
    expect(perUnit('92.5058', 1)).toBe('92.5058');
    expect(perUnit('3456.78', 100)).toBe('34.5678');
    expect(perUnit('22.4405', 10)).toBe('2.24405');
    expect(perUnit('2', 3)).toBe('0.6666666667');
    expect(perUnit('1', 3)).toBe('0.3333333333');
    expect(perUnit('0.00000000005', 1)).toBe('0.0000000001');
    expect(perUnit('0.00000000004', 1)).toBe('0');
    expect(normalizeDecimal('92.50580000')).toBe('92.5058');
    expect(normalizeDecimal('41.0')).toBe('41');
    expect(normalizeDecimal('007.50')).toBe('7.5');
    expect(() => perUnit('1e3', 1)).toThrow();
    expect(() => perUnit('-1', 1)).toThrow();
    expect(() => perUnit('1', 0)).toThrow();
  });
});

describe('stored exchange rates', () => {
  it('one row per currency and day: the same value again is unchanged, a correction updates', async () => {
    const r = { currency: 'RUB' as const, rate: '92.5058', date: '2026-11-23', source: 'cbr' as const };
    expect(await storeRate(database, { ...r, fetchedAt: at('2026-11-23T10:00:00Z') })).toBe('inserted');
    expect(
      await storeRate(database, { ...r, rate: '92.505800', fetchedAt: at('2026-11-23T13:00:00Z') }),
    ).toBe('unchanged');
    expect((await latestRate(database, 'RUB'))!.fetchedAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(await storeRate(database, { ...r, rate: '92.6', fetchedAt: at('2026-11-23T16:00:00Z') })).toBe(
      'updated',
    );
    expect(await latestRate(database, 'RUB')).toMatchObject({
      rate: '92.6',
      fetchedAt: at('2026-11-23T16:00:00Z'),
    });
    expect(await latestRate(database, 'UAH')).toBeNull();
    const [row] = await database.query<{ t: string }>(
      sql`select pg_typeof(rate)::text as t from exchange_rates`,
    );
    expect(row!.t).toBe('numeric');
  });

  it('refuses what is not a rate or a day', async () => {
    const r = { currency: 'RUB' as const, source: 'cbr' as const, fetchedAt: at('2026-11-23T10:00:00Z') };
    await expect(storeRate(database, { ...r, rate: '0', date: '2026-11-23' })).rejects.toThrow();
    await expect(storeRate(database, { ...r, rate: 'abc', date: '2026-11-23' })).rejects.toThrow();
    await expect(storeRate(database, { ...r, rate: '1', date: '2026-02-30' })).rejects.toThrow();
    await expect(
      storeRate(database, { ...r, currency: 'EUR' as 'RUB', rate: '1', date: '2026-11-23' }),
    ).rejects.toThrow();
    expect(await latestRates(database)).toEqual([]);
  });

  it('the demo seed stores a placeholder per currency only while none is known; a real quote wins over it', async () => {
    await storeRate(database, {
      currency: 'UAH',
      rate: '41.2345',
      date: '2026-11-20',
      source: 'nbu',
      fetchedAt: at('2026-11-20T09:00:00Z'),
    });
    expect(await seedDemoRates(database, at('2026-11-23T08:00:00Z'))).toEqual(['RUB']);
    expect(await seedDemoRates(database, at('2026-11-24T08:00:00Z'))).toEqual([]);
    expect((await latestRates(database)).map((r) => [r.currency, r.rate, r.date, r.source])).toEqual([
      ['RUB', DEMO_RATES.RUB, '2026-11-23', 'demo'],
      ['UAH', '41.2345', '2026-11-20', 'nbu'],
    ]);
    // A real quote of an earlier day still wins over the demo placeholder dated today.
    await storeRate(database, {
      currency: 'RUB',
      rate: '92.5058',
      date: '2026-11-22',
      source: 'cbr',
      fetchedAt: at('2026-11-23T09:00:00Z'),
    });
    expect(await latestRate(database, 'RUB')).toMatchObject({
      rate: '92.5058',
      date: '2026-11-22',
      source: 'cbr',
    });
    // The same day's real quote replaces the placeholder; a placeholder never replaces a quote.
    expect(
      await storeRate(database, {
        currency: 'RUB',
        rate: '92.7',
        date: '2026-11-23',
        source: 'cbr',
        fetchedAt: at('2026-11-23T10:00:00Z'),
      }),
    ).toBe('updated');
    expect(
      await storeRate(database, {
        currency: 'RUB',
        rate: '100',
        date: '2026-11-23',
        source: 'demo',
        fetchedAt: at('2026-11-23T11:00:00Z'),
      }),
    ).toBe('unchanged');
    const rows = await database.query<{ source: string }>(
      sql`select source from exchange_rates where currency = 'RUB' order by rate_date`,
    );
    expect(rows.map((r) => r.source)).toEqual(['cbr', 'cbr']);
  });
});
