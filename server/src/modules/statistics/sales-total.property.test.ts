import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { REVENUE_TYPES, SALE_STATUSES, salesQuery } from '@pc/core';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { ingestBatch } from '../../ingest/process.ts';
import { insertPartner, splitIntoBatches } from '../../ingest/testing.ts';
import { migrate } from '../../db/migrate.ts';
import { sales } from './reads/sales.ts';

/**
 * Decision 0215: the sales screen's total, read from `stats_sale_days` (kept by triggers on the sales), is the number of
 * sales the screen lists, for any events, their order and batches, and any range and filters.
 */

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY_MS = 86_400_000;

/** The day table recounted from the sales one by one: no row may be off, none below zero. */
async function expectDaysRecounted(database: Database) {
  const recount = `
    select side.user_id, s.project, (s.at at time zone 'UTC')::date as day, side.own, coalesce(s.revenue_type, '') as revenue_type,
           s.status, side.sub_id, count(*)::bigint as sales
    from ingest_sales s
    cross join lateral (values (s.user_id, true, s.sub_id), (s.site_user_id, false, '')) as side(user_id, own, sub_id)
    where s.known and s.at is not null and side.user_id is not null and (side.own or side.user_id <> s.user_id)
    group by 1, 2, 3, 4, 5, 6, 7`;
  const kept = `select user_id, project, day, own, revenue_type, status, sub_id, sales from stats_sale_days where sales <> 0`;
  expect(await database.query(sql.raw(`(${recount}) except all (${kept})`))).toEqual([]);
  expect(await database.query(sql.raw(`(${kept}) except all (${recount})`))).toEqual([]);
}

const dayArb = fc.integer({ min: 0, max: 60 }).map((back) => new Date(NOW.getTime() - back * DAY_MS).toISOString().slice(0, 10));
const atArb = fc
  .record({ day: dayArb, h: fc.constantFrom(0, 11, 23), m: fc.constantFrom(0, 59) })
  .map(({ day, h, m }) => `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
const saleIdArb = fc.constantFrom('S1', 'S2', 'S3', 'S4', 'S5', 'S6');

/**
 * Sales of the partner's files and of the other partner's, many of them referred by the other one's verified site (then
 * they count for both), some tagged, and status changes, which may come before their sale.
 */
function eventArb(app: number, other: number) {
  const sale = (seller: fc.Arbitrary<number>, revenueType: fc.Arbitrary<string>, site: fc.Arbitrary<string>) =>
    fc.record(
      {
        app_users_id: seller,
        at: atArb,
        type: fc.constant('sale'),
        sale_id: saleIdArb,
        amount_micro: fc.constantFrom(1_000_000, 10_000_000),
        revenue_type: revenueType,
        file_id: fc.constantFrom('f1', 'f2'),
        site_domain: site,
        status: fc.constantFrom(...SALE_STATUSES),
        sub_id: fc.constantFrom('a', 'b'),
      },
      { requiredKeys: ['app_users_id', 'at', 'type', 'sale_id', 'amount_micro', 'revenue_type'] },
    );
  return fc.oneof(
    { weight: 2, arbitrary: sale(fc.constantFrom(app, other), fc.constantFrom(...REVENUE_TYPES), fc.constantFrom('p-site.example', 'o-site.example', 'nobody.example')) },
    // Referred by the other partner's verified site: the site's owner sees it too.
    { weight: 2, arbitrary: sale(fc.constant(app), fc.constant('site_referral'), fc.constant('o-site.example')) },
    { weight: 1, arbitrary: sale(fc.constant(other), fc.constant('site_referral'), fc.constant('p-site.example')) },
    {
      weight: 2,
      arbitrary: fc.record({
        app_users_id: fc.constantFrom(app, other),
        at: atArb,
        type: fc.constant('sale_status'),
        sale_id: saleIdArb,
        status: fc.constantFrom(...SALE_STATUSES),
      }),
    },
  );
}

const askArb = fc.record(
  {
    date_from: dayArb,
    date_to: dayArb,
    revenue_type: fc.constantFrom(...REVENUE_TYPES),
    status: fc.constantFrom(...SALE_STATUSES),
    sub_id: fc.constantFrom('', 'a', 'b'),
  },
  { requiredKeys: [] },
);

it('totals the sales the screen lists, for any events, order, batches, range and filters', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb(1, 2), { minLength: 1, maxLength: 20 }),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
      fc.array(askArb, { minLength: 1, maxLength: 5 }),
      async (generated, splits, asks) => {
        const database = await createTestDatabase();
        try {
          const p = await insertPartner(database, 'p@x.test');
          const o = await insertPartner(database, 'o@x.test');
          await database.query(sql`
            insert into partner_sites (user_id, project, domain, status, token)
            values (${p.userId}, 'fd1', 'p-site.example', 'active', 't'), (${o.userId}, 'fd1', 'o-site.example', 'active', 't')`);
          // The arbitraries name the partners 1 and 2; the database gave them their own programme ids.
          const appOf = (n: unknown) => (n === 1 ? p.app.fd1 : o.app.fd1);
          const events = generated.map((e, i) => ({ ...e, id: `e${i}`, app_users_id: appOf(e.app_users_id) }));
          for (const batch of splitIntoBatches(events, splits)) {
            await ingestBatch(database, 'fd1', batch, { now: NOW });
            await expectDaysRecounted(database);
          }
          for (const ask of asks) {
            const [from, to] = [ask.date_from, ask.date_to].sort();
            for (const userId of [p.userId, o.userId]) {
              const q = salesQuery.parse({ ...ask, app: 'fd1', date_from: from, date_to: to, per_page: 200 });
              const answer = await sales(database, userId, q, NOW);
              expect(answer.meta.total).toBe(answer.data.length);
            }
          }
        } finally {
          await database.close();
        }
      },
    ),
    { numRuns: Number(process.env.SALES_PROPERTY_RUNS ?? 30) },
  );
}, 300_000);

it('fills the day table from the sales already held when the migration runs', async () => {
  const database = await createTestDatabase();
  try {
    const p = await insertPartner(database, 'p@x.test');
    const o = await insertPartner(database, 'o@x.test');
    await database.query(sql`insert into partner_sites (user_id, project, domain, status, token) values (${p.userId}, 'fd1', 'p-site.example', 'active', 't')`);
    const sale = (id: string, app: number, at: string, extra: Record<string, unknown> = {}) => ({
      id: `e-${id}`, type: 'sale', at, app_users_id: app, sale_id: id, amount_micro: 10_000_000, revenue_type: 'direct', file_id: 'f1', ...extra,
    });
    await ingestBatch(
      database,
      'fd1',
      [
        sale('S1', p.app.fd1, '2026-11-01T10:00:00Z'),
        sale('S2', p.app.fd1, '2026-11-02T10:00:00Z', { sub_id: 'a', status: 'hold' }),
        sale('S3', o.app.fd1, '2026-11-03T10:00:00Z', { revenue_type: 'site_referral', site_domain: 'p-site.example' }),
        { id: 'r1', type: 'sale_status', at: '2026-11-04T10:00:00Z', app_users_id: p.app.fd1, sale_id: 'S1', status: 'refund' },
        // A status change of a sale not yet known counts nowhere.
        { id: 'r9', type: 'sale_status', at: '2026-11-04T10:00:00Z', app_users_id: p.app.fd1, sale_id: 'S9', status: 'refund' },
      ],
      { now: NOW },
    );
    const ask = (extra: Record<string, unknown>) => salesQuery.parse({ app: 'fd1', date_from: '2026-10-01', date_to: '2026-11-21', ...extra });
    const totals = async () =>
      Promise.all([{}, { status: 'refund' }, { sub_id: '' }, { sub_id: 'a' }, { revenue_type: 'site_referral' }].map(async (extra) => (await sales(database, p.userId, ask(extra), NOW)).meta.total));
    const before = await totals();
    // All three are the partner's: two of their files, one their site referred; S1 refunded, S2 tagged.
    expect(before).toEqual([3, 1, 2, 1, 1]);
    // Back to the database before 0860, then migrated again.
    await database.exec(`
      drop table stats_sale_days;
      drop function stats_sale_days_on_change cascade;
      drop function stats_sale_day_parts;
      drop type stats_sale_part;
      delete from schema_migrations where name = '0860_sale_days.sql';`);
    await migrate(database);
    await expectDaysRecounted(database);
    expect(await totals()).toEqual(before);
  } finally {
    await database.close();
  }
});
