import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { addDays, sourcesBaseQuery } from '@pc/core';
import { withTestDatabase, migrateAgain } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';
import { insertPartner } from '../../ingest/testing.ts';
import { sourcesBase } from './reads/sources.ts';

/**
 * Decision 0223: the sources list read from whole months, days added and days taken off (`monthCover`) is the list
 * summed from the day rows of the range, whatever the rows, their changes, the range, the day it is asked on, the tag
 * and the search; and `stats_source_months`, `day_rows` included, stays the day rows recounted.
 */

const FIRST_DAY = '2026-09-25';
const FIGURES = ['hits', 'downloads', 'unique_downloads', 'purchases'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
type SourceRow = Figures & { day: string; domain: string; url: string };
type TagRow = SourceRow & { sub_id: string };

// 25 September to 12 December: four months, cut anywhere.
const dayArb = fc.integer({ min: 0, max: 78 }).map((n) => addDays(FIRST_DAY, n));
const figuresArb: fc.Arbitrary<Figures> = fc.record({
  hits: fc.integer({ min: 0, max: 5 }),
  downloads: fc.integer({ min: 0, max: 3 }),
  unique_downloads: fc.integer({ min: 0, max: 2 }),
  // A refund takes a purchase back: a row can come to hold nothing but zeros, and still be a row of its day.
  purchases: fc.integer({ min: -1, max: 1 }),
});
const keyArb = fc.record({ day: dayArb, domain: fc.constantFrom('a.example', 'b.example', 'c.example', ''), url: fc.constantFrom('', '/x') });

/** Writes to the day rows as ingest makes them (added to, in statements of several rows), and now and then a delete. */
const writeArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), rows: fc.array(fc.record({ key: keyArb, figures: figuresArb }), { minLength: 1, maxLength: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tag' as const), sub_id: fc.constantFrom('a', 'b'), rows: fc.array(fc.record({ key: keyArb, figures: figuresArb }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: keyArb }) },
);

const askArb = fc.record({
  from: dayArb,
  to: dayArb,
  today: dayArb,
  sub_id: fc.constantFrom(undefined, '', 'a'),
  search: fc.constantFrom(undefined, 'b.ex', 'EXAMPLE'),
});

async function write(database: Database, userId: number, w: WriteOf<typeof writeArb>) {
  if (w.kind === 'delete') {
    await database.query(sql`delete from ingest_daily_source
      where user_id = ${userId} and project = 'fd1' and day = ${w.key.day}::date and domain = ${w.key.domain} and url = ${w.key.url}`);
    return;
  }
  // One statement per write, its keys made distinct (an upsert may not touch a row twice), as the store writes.
  const rows = [...new Map(w.rows.map((r) => [`${r.key.day}|${r.key.domain}|${r.key.url}`, r])).values()];
  const table = w.kind === 'tag' ? sql`ingest_daily_source_tag` : sql`ingest_daily_source`;
  const tag = w.kind === 'tag' ? sql`${w.sub_id}, ` : sql``;
  await database.query(sql`
    insert into ${table} as t (user_id, project, day, ${w.kind === 'tag' ? sql`sub_id, ` : sql``}domain, url, hits, downloads, unique_downloads, purchases)
    values ${sql.join(
      rows.map((r) => sql`(${userId}, 'fd1', ${r.key.day}::date, ${tag}${r.key.domain}, ${r.key.url}, ${r.figures.hits}, ${r.figures.downloads},
                           ${r.figures.unique_downloads}, ${r.figures.purchases})`),
      sql`, `,
    )}
    on conflict (user_id, project, day, ${w.kind === 'tag' ? sql`sub_id, ` : sql``}domain, url) do update set hits = t.hits + excluded.hits, downloads = t.downloads + excluded.downloads,
      unique_downloads = t.unique_downloads + excluded.unique_downloads, purchases = t.purchases + excluded.purchases`);
}
type WriteOf<A> = A extends fc.Arbitrary<infer W> ? W : never;

/** The month table recounted from the day rows (a month emptied by deletes keeps a row of zeros). */
async function expectMonthsRecounted(database: Database) {
  const recount = `select user_id, project, date_trunc('month', day)::date as month, domain, sum(hits)::bigint as hits,
      sum(downloads)::bigint as downloads, sum(unique_downloads)::bigint as unique_downloads, sum(purchases)::bigint as purchases,
      count(*)::bigint as day_rows
    from ingest_daily_source group by 1, 2, 3, 4`;
  const kept = `select user_id, project, month, domain, hits, downloads, unique_downloads, purchases, day_rows from stats_source_months
    where day_rows <> 0 or hits <> 0 or downloads <> 0 or unique_downloads <> 0 or purchases <> 0`;
  expect(await database.query(sql.raw(`(${recount}) except all (${kept})`))).toEqual([]);
  expect(await database.query(sql.raw(`(${kept}) except all (${recount})`))).toEqual([]);
}

/** The list summed from the day rows one by one, as the sources screen defines it. */
function expectedList(whole: SourceRow[], tagged: TagRow[], ask: { from: string; to: string; sub_id?: string; search?: string }) {
  const inRange = (r: SourceRow) =>
    r.day >= ask.from && r.day <= ask.to && (ask.search === undefined || r.domain.includes(ask.search.toLowerCase()));
  const sums = new Map<string, Figures>();
  const add = (r: SourceRow, sign: number) => {
    const s = sums.get(r.domain) ?? { hits: 0, downloads: 0, unique_downloads: 0, purchases: 0 };
    for (const c of FIGURES) s[c] += sign * r[c];
    sums.set(r.domain, s);
  };
  if (ask.sub_id === undefined) whole.filter(inRange).forEach((r) => add(r, 1));
  else if (ask.sub_id === '') {
    whole.filter(inRange).forEach((r) => add(r, 1));
    tagged.filter(inRange).forEach((r) => add(r, -1));
  } else tagged.filter((r) => r.sub_id === ask.sub_id && inRange(r)).forEach((r) => add(r, 1));
  return [...sums]
    .filter(([, s]) => ask.sub_id === undefined || FIGURES.some((c) => s[c] !== 0))
    .map(([domain, s]) => ({ domain, ...s }))
    .sort((x, y) => (x.domain < y.domain ? -1 : x.domain > y.domain ? 1 : 0));
}

const rowOf = (r: Row) => ({
  day: str(r.day).slice(0, 10),
  domain: str(r.domain),
  url: str(r.url),
  hits: num(r.hits),
  downloads: num(r.downloads),
  unique_downloads: num(r.unique_downloads),
  purchases: num(r.purchases),
});

async function expectListsAsSummed(database: Database, userId: number, asks: ReadonlyArray<{ from: string; to: string; today: string; sub_id?: string | undefined; search?: string | undefined }>) {
  const whole = (await database.query<Row>(sql`select to_char(day, 'YYYY-MM-DD') as day, * from ingest_daily_source where user_id = ${userId}`)).map(rowOf);
  const tagged = (await database.query<Row>(sql`select to_char(day, 'YYYY-MM-DD') as day, * from ingest_daily_source_tag where user_id = ${userId}`)).map(
    (r) => ({ ...rowOf(r), sub_id: str(r.sub_id) }),
  );
  for (const ask of asks) {
    const [from, to] = [ask.from, ask.to].sort() as [string, string];
    const q = sourcesBaseQuery.parse({
      app: 'fd1', date_from: from, date_to: to, per_page: 200, sort_key: 'domain', sort_dir: 'asc',
      ...(ask.sub_id === undefined ? {} : { sub_id: ask.sub_id }), ...(ask.search === undefined ? {} : { search: ask.search }),
    });
    const answer = await sourcesBase(database, userId, q, new Date(`${ask.today}T12:00:00Z`));
    // The range as the screen resolves it (never past the day it is asked on).
    const expected = expectedList(whole, tagged, { ...ask, from: answer.range.from, to: answer.range.to });
    expect({ ask, range: answer.range, data: answer.data }).toEqual({ ask, range: answer.range, data: expected });
    expect(answer.meta.total).toBe(expected.length);
  }
}

it('lists the domains summed from the day rows, for any rows, changes, range, day asked, tag and search', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(writeArb, { minLength: 1, maxLength: 25 }),
      fc.array(askArb, { minLength: 1, maxLength: 6 }),
      async (writes, asks) => {
        await withTestDatabase(async (database) => {
          const p = await insertPartner(database, 'p@x.test');
          const o = await insertPartner(database, 'o@x.test');
          for (const [i, w] of writes.entries()) {
            // Every third write is the other partner's: their rows may never show in the partner's list.
            await write(database, i % 3 === 2 ? o.userId : p.userId, w);
          }
          await expectMonthsRecounted(database);
          await expectListsAsSummed(database, p.userId, asks);
        });
      },
    ),
    { numRuns: Number(process.env.SOURCES_PROPERTY_RUNS ?? 30) },
  );
}, 300_000);

it('counts the day rows of the months already held when the migration runs', async () => {
  await withTestDatabase(async (database) => {
    const p = await insertPartner(database, 'p@x.test');
    const row = (day: string, domain: 'a.example' | 'b.example', url: '' | '/x', hits: number) => ({ kind: 'add' as const, rows: [{ key: { day, domain, url }, figures: { hits, downloads: 0, unique_downloads: 0, purchases: 0 } }] });
    for (const w of [row('2026-11-01', 'a.example', '', 3), row('2026-11-02', 'a.example', '/x', 1), row('2026-11-20', 'b.example', '', 2), row('2026-10-31', 'a.example', '', 5)]) {
      await write(database, p.userId, w);
    }
    const asks = [{ from: '2026-11-02', to: '2026-11-30', today: '2026-12-01' }, { from: '2026-10-01', to: '2026-11-19', today: '2026-11-19' }];
    await expectListsAsSummed(database, p.userId, asks);
    // Back to the database before 0892, then migrated again.
    await migrateAgain(database, '0892_source_month_day_rows.sql', `
      alter table stats_source_months drop column day_rows;`);
    await expectMonthsRecounted(database);
    await expectListsAsSummed(database, p.userId, asks);
    const [kept] = await database.query<Row>(sql`select day_rows from stats_source_months where month = '2026-11-01' and domain = 'a.example'`);
    expect(num(kept?.day_rows)).toBe(2);
  });
});
