import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { REVENUE_TYPES, SALE_SORT_KEYS, SALE_STATUSES, salesQuery } from '@pc/core';
import { withTestDatabase, migrateAgain } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';
import { ingestBatch } from '../../ingest/process.ts';
import { insertPartner, splitIntoBatches } from '../../ingest/testing.ts';
import { sales } from './reads/sales.ts';

/**
 * Decisions 0215 and 0227: the sales screen's total, read from `stats_sale_days` (kept by triggers on the sales) and
 * `stats_sale_months` (kept by triggers on the days), is the number of sales the screen lists, for any events, their
 * order and batches, and any range and filters.
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

/** The month table (decision 0227) is the day table summed by month: no month may be off. */
async function expectMonthsRecounted(database: Database) {
  const recount = `
    select user_id, project, date_trunc('month', day::timestamp)::date as month, own, revenue_type, status, sub_id, sum(sales)::bigint as sales
    from stats_sale_days group by 1, 2, 3, 4, 5, 6, 7 having sum(sales) <> 0`;
  const kept = `select user_id, project, month, own, revenue_type, status, sub_id, sales from stats_sale_months where sales <> 0`;
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

/** A page of the list in any order: the sort, its direction and a small page, so that pages cut both branches. */
const pageArb = fc.record({
  sort_key: fc.constantFrom(...SALE_SORT_KEYS),
  sort_dir: fc.constantFrom('asc', 'desc'),
  per_page: fc.integer({ min: 1, max: 4 }),
  page: fc.integer({ min: 1, max: 4 }),
});

type Ask = { date_from?: string; date_to?: string; revenue_type?: string; status?: string; sub_id?: string };

/**
 * The page as the screen defines it, from the sales one by one: the partner's own sales (of that tag, if asked) and
 * those their sites referred (under "no tag" only), sorted by the figure and then the sale's id, cut to the page.
 */
async function expectedPage(database: Database, userId: number, ask: Ask & { date_from: string; date_to: string }, page: PageAsk) {
  const all = (await database.query<Row>(sql`
    select sale_id, at, user_id = ${userId} as own, sub_id, revenue_type, status, amount_micro,
           case when user_id = ${userId} then applied_share_micro else 0 end as file_sales,
           case when site_user_id = ${userId} then applied_site_micro else 0 end as site_sales
    from ingest_sales
    where project = 'fd1' and known and at >= ${ask.date_from}::date and at < ${ask.date_to}::date + 1
      and (user_id = ${userId} or (site_user_id = ${userId} and user_id <> ${userId}))`))
    .filter((r) => (ask.revenue_type === undefined || r.revenue_type === ask.revenue_type) && (ask.status === undefined || r.status === ask.status))
    .filter((r) => ask.sub_id === undefined || (r.own ? str(r.sub_id ?? '') === ask.sub_id : ask.sub_id === ''));
  const value = (r: Row) =>
    page.sort_key === 'date' ? new Date(r.at as string).getTime() : page.sort_key === 'amount' ? num(r.amount_micro) : num(r[page.sort_key]);
  const sign = page.sort_dir === 'asc' ? 1 : -1;
  all.sort((x, y) => sign * (value(x) - value(y) || (str(x.sale_id) < str(y.sale_id) ? -1 : str(x.sale_id) > str(y.sale_id) ? 1 : 0)));
  return all
    .slice((page.page - 1) * page.per_page, page.page * page.per_page)
    .map((r) => ({ id: str(r.sale_id), file_sales: num(r.file_sales), site_sales: num(r.site_sales) }));
}
type PageAsk = { sort_key: (typeof SALE_SORT_KEYS)[number]; sort_dir: 'asc' | 'desc'; per_page: number; page: number };

it('totals the sales the screen lists, for any events, order, batches, range and filters', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb(1, 2), { minLength: 1, maxLength: 20 }),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
      fc.array(fc.tuple(askArb, pageArb), { minLength: 1, maxLength: 5 }),
      async (generated, splits, asks) => {
        await withTestDatabase(async (database) => {
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
            await expectMonthsRecounted(database);
          }
          for (const [ask, page] of asks) {
            const [from, to] = [ask.date_from, ask.date_to].sort();
            for (const userId of [p.userId, o.userId]) {
              const q = salesQuery.parse({ ...ask, app: 'fd1', date_from: from, date_to: to, per_page: 200 });
              const answer = await sales(database, userId, q, NOW);
              expect(answer.meta.total).toBe(answer.data.length);
              // A page in another order: the same sales the screen's definition gives, in the same order.
              const paged = await sales(database, userId, salesQuery.parse({ ...ask, ...page, app: 'fd1', date_from: from, date_to: to }), NOW);
              expect(paged.data.map((r) => ({ id: r.id, file_sales: r.file_sales, site_sales: r.site_sales }))).toEqual(
                await expectedPage(database, userId, { ...ask, date_from: answer.range.from, date_to: answer.range.to }, page),
              );
            }
          }
        });
      },
    ),
    { numRuns: Number(process.env.SALES_PROPERTY_RUNS ?? 30) },
  );
}, 300_000);

it('pages the sales in every order as the screen defines it, across its own and its sites\' referred sales', async () => {
  await withTestDatabase(async (database) => {
    const p = await insertPartner(database, 'p@x.test');
    const o = await insertPartner(database, 'o@x.test');
    await database.query(sql`insert into partner_sites (user_id, project, domain, status, token) values (${p.userId}, 'fd1', 'p-site.example', 'active', 't')`);
    // Nine sales: the partner's own (some at the same moment and amount, so that ties fall across pages) and the other
    // partner's that the partner's site referred.
    const events = Array.from({ length: 9 }, (_, i) => ({
      id: `e${i}`,
      type: 'sale',
      at: `2026-11-${String(10 + (i % 4)).padStart(2, '0')}T10:00:00Z`,
      app_users_id: i % 3 === 2 ? o.app.fd1 : p.app.fd1,
      sale_id: `S${i}`,
      amount_micro: i % 2 === 0 ? 10_000_000 : 1_000_000,
      revenue_type: i % 3 === 2 ? 'site_referral' : 'direct',
      ...(i % 3 === 2 ? { site_domain: 'p-site.example' } : {}),
      file_id: `f${i % 2}`,
    }));
    await ingestBatch(database, 'fd1', events, { now: NOW });
    const range = { date_from: '2026-11-01', date_to: '2026-11-21' };
    for (const sort_key of SALE_SORT_KEYS) {
      for (const sort_dir of ['asc', 'desc'] as const) {
        for (const per_page of [1, 2, 4]) {
          for (let page = 1; page <= Math.ceil(9 / per_page) + 1; page++) {
            const q = salesQuery.parse({ app: 'fd1', ...range, sort_key, sort_dir, per_page, page });
            const answer = await sales(database, p.userId, q, NOW);
            expect({ sort_key, sort_dir, per_page, page, rows: answer.data.map((r) => ({ id: r.id, file_sales: r.file_sales, site_sales: r.site_sales })) }).toEqual({
              sort_key, sort_dir, per_page, page,
              rows: await expectedPage(database, p.userId, range, { sort_key, sort_dir, per_page, page }),
            });
            expect(answer.meta.total).toBe(9);
          }
        }
      }
    }
  });
});

it('fills the day and month tables from the sales already held when the migrations run', async () => {
  await withTestDatabase(async (database) => {
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
    await migrateAgain(database, '0860_sale_days.sql', `
      drop table stats_sale_days;
      drop function stats_sale_days_on_change cascade;
      drop function stats_sale_day_parts;
      drop type stats_sale_part;`);
    await expectDaysRecounted(database);
    expect(await totals()).toEqual(before);
    // The same for the month table (0894), filled from the day rows held.
    await migrateAgain(database, '0894_sale_months.sql', `
      drop table stats_sale_months;
      drop function stats_sale_months_on_change cascade;`);
    await expectMonthsRecounted(database);
    expect(await database.query(sql`select count(*)::int as n from stats_sale_months where sales <> 0`)).not.toEqual([{ n: 0 }]);
    expect(await totals()).toEqual(before);
  });
});
