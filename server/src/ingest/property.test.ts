import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, type Plan } from '@pc/core';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { ingestBatch, ingestGrouping } from './process.ts';
import { insertPartner, splitIntoBatches } from './testing.ts';
import { recountAndRollups } from './recount.ts';
import { REASON_COLUMNS } from './rollups.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A small world where everything collides: few files, downloaders, days and sales. */
function eventArb(app: number, other: number) {
  const at = fc
    .record({ day: fc.constantFrom('2026-11-19', '2026-11-20'), h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 30) })
    .map(({ day, h, m }) => `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  const file = fc.constantFrom('f1', 'f2', 'c1');
  const base = { app_users_id: fc.constant(app), at };
  // Sub-ID tags (decision 0206): absent, null or one of two, so a sale, its first download and its rebill may differ.
  const sub_id = fc.constantFrom(undefined, undefined, null, 'forum-x', 'tg.2');
  return fc.oneof(
    fc.record({ ...base, type: fc.constant('file_uploaded'), file_id: fc.constantFrom('f1', 'f2'), name: fc.constantFrom('a', 'b'), folder: fc.constantFrom(null, 'X'), size_bytes: fc.constantFrom(1_000, 30_000_000), is_video: fc.boolean() }),
    fc.record({ ...base, type: fc.constant('file_copied'), file_id: fc.constant('c1'), original_file_id: fc.constant('f1'), copy_account_id: fc.constant('acc'), name: fc.constant('c'), size_bytes: fc.constantFrom(1_000, 30_000_000), is_video: fc.boolean() }),
    fc.record({ ...base, type: fc.constant('file_renamed'), file_id: file, name: fc.constantFrom('n1', 'n2', 'n3') }),
    fc.record({ ...base, type: fc.constant('file_moved'), file_id: file, folder: fc.constantFrom(null, 'A', 'B') }),
    fc.record({ ...base, type: fc.constant('file_deleted'), file_id: file }),
    fc.record({ ...base, type: fc.constant('page_hit'), referrer: fc.constantFrom(null, 'https://a.example/x', 'https://b.example/'), sub_id }),
    fc.record({
      ...base,
      // Now and then another partner names the file (then not theirs, decision 0200).
      app_users_id: fc.constantFrom(app, app, app, other),
      type: fc.constant('download'),
      file_id: file,
      refused: fc.constantFrom(undefined, undefined, false, true),
      country: fc.constantFrom('US', 'RU', 'IN', null, 'ZZ'),
      downloader_id: fc.constantFrom('d1', 'd2', 'd3'),
      completed: fc.boolean(),
      referrer: fc.constantFrom(null, 'https://a.example/x', 'https://b.example/y'),
      sub_id,
    }),
    fc.record({
      ...base,
      type: fc.constant('sale'),
      sale_id: fc.constantFrom('S1', 'S2', 'S3'),
      amount_micro: fc.constantFrom(4_990_000, 9_990_000, 12_345_678),
      revenue_type: fc.constantFrom('direct', 'rebill', 'file_copy', 'promo_link', 'site_referral'),
      file_id: fc.constantFrom(null, 'f1', 'f2', 'c1'),
      site_domain: fc.constantFrom(null, 'a.example'),
      country: fc.constantFrom('DE', 'UA', null),
      status: fc.constantFrom('ok', 'hold'),
      player_type: fc.constantFrom(null, 'embed', 'full'),
      referrer: fc.constantFrom(null, 'https://a.example/x', 'https://www.b.example/y?q=1'),
      sub_id,
    }),
    fc.record({ ...base, type: fc.constant('sale_status'), sale_id: fc.constantFrom('S1', 'S2', 'S3'), status: fc.constantFrom('ok', 'hold', 'void', 'refund'), fraud: fc.boolean() }),
    fc.record({ ...base, type: fc.constant('video_view'), file_id: file, player_type: fc.constantFrom('embed', 'full'), viewer_id: fc.constantFrom('v1', 'v2'), seconds: fc.integer({ min: 0, max: 300 }), sub_id }),
  );
}

/** A settings change inside the events' days: prices, a country's group, the counted size, the site bonus. */
const versionArb = fc.record({
  at: fc
    .record({ day: fc.constantFrom('2026-11-19', '2026-11-20'), h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 15, 30) })
    .map(({ day, h, m }) => `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`),
  mixedA: fc.constantFrom(8_750, 17_500),
  usInB: fc.boolean(),
  minBytes: fc.constantFrom(10 * 1024 * 1024, 50 * 1024 * 1024),
  saleBp: fc.constantFrom(6_000, 7_000),
  siteBp: fc.constantFrom(DEFAULT_PRODUCT.siteReferralBonusBp, 2_500),
  // The plan of events before the partner's first plan row (November 20).
  defaultPlan: fc.constantFrom('mixed' as const, 'ppd' as const, 'pps' as const),
});
type VersionSpec = { at: string; mixedA: number; usInB: boolean; minBytes: number; saleBp: number; siteBp: number; defaultPlan: Plan };

function versionValue(v: VersionSpec) {
  const d = DEFAULT_PRODUCT;
  return {
    ...d,
    downloadRates: { ...d.downloadRates, mixed: { ...d.downloadRates.mixed, A: v.mixedA } },
    countryGroups: v.usInB ? { ...d.countryGroups, A: d.countryGroups.A.replace(/\bUS\b/, '').trim(), B: `${d.countryGroups.B} US` } : d.countryGroups,
    countedDownloadMinBytes: v.minBytes,
    saleShares: { ...d.saleShares, mixed: { ...d.saleShares.mixed, sale: v.saleBp }, pps: { ...d.saleShares.pps, sale: v.saleBp + 2_000 } },
    siteReferralBonusBp: v.siteBp,
    defaultPlan: v.defaultPlan,
  };
}

async function world(versions: VersionSpec[] = []): Promise<{ database: Database; app: number; other: number; userId: number }> {
  const database = await createTestDatabase();
  const p = await insertPartner(database, 'p@x.test');
  const owner = await insertPartner(database, 'site@x.test');
  await database.query(sql`insert into partner_sites (user_id, project, domain, status, token) values (${owner.userId}, 'fd1', 'a.example', 'active', 't')`);
  await database.query(sql`insert into partner_plans (user_id, project, plan, effective_from) values (${p.userId}, 'fd1', 'pps', '2026-11-20T00:00:00Z')`);
  for (const v of versions) {
    await database.query(
      sql`insert into product_settings_history (key, effective_from, value) values ('product', ${v.at}, ${JSON.stringify(versionValue(v))}::jsonb)`,
    );
  }
  return { database, app: p.app.fd1, other: owner.app.fd1, userId: p.userId };
}

/**
 * Decision 0200: in every row of the daily, country and file rollups, the counted downloads and the downloads not
 * counted for each reason add up to all downloads, and none of them is below zero.
 */
async function expectReasonsAddUp(database: Database) {
  for (const table of ['ingest_daily', 'ingest_daily_country', 'ingest_daily_file', 'ingest_daily_country_tag', 'ingest_daily_file_tag']) {
    const rows = await database.query<Record<string, unknown>>(sql.raw(`select * from ${table}`));
    for (const row of rows) {
      const parts = ['counted_downloads', ...REASON_COLUMNS].map((c) => Number(row[c]));
      for (const v of parts) expect(v).toBeGreaterThanOrEqual(0);
      expect(parts.reduce((x, y) => x + y, 0)).toBe(Number(row.downloads));
    }
  }
}

/**
 * Decision 0206: the tags split the daily figures, nothing more, nothing less: per partner and day, the tag rows
 * (no tag included) add up to the daily row's hits, downloads, counted downloads, sales (rebills apart), refunds,
 * video views and earnings.
 */
async function expectTagsAddUp(database: Database) {
  const diff = await database.query<Record<string, unknown>>(
    sql.raw(`select * from (
      select user_id, project, day, hits, downloads, counted_downloads, sales, refunds, video_views, earned_micro from ingest_daily
      except all
      select user_id, project, day, sum(hits), sum(downloads), sum(counted_downloads), sum(sales + rebills), sum(refunds), sum(video_views), sum(earned_micro)
      from ingest_daily_tag group by 1, 2, 3) x
      where hits <> 0 or downloads <> 0 or counted_downloads <> 0 or sales <> 0 or refunds <> 0 or video_views <> 0 or earned_micro <> 0`),
  );
  expect(diff).toEqual([]);
}

/**
 * Decision 0209: the country, file, source and video rollups' tagged twins agree with the tag rollup (a tag's
 * downloads, counted downloads, video views and hits, summed over its files, sources or country groups, are the tag's), and what the whole rollups
 * hold beyond their twins ("no tag") is never below zero.
 */
async function expectTwinsAgree(database: Database) {
  const sums = (table: string, cols: string[]) =>
    `select user_id, project, day, sub_id, ${cols.map((c) => `sum(${c}) as ${c}`).join(', ')} from ${table} group by 1, 2, 3, 4`;
  const tagged = (cols: string[]) => `select user_id, project, day, sub_id, ${cols.join(', ')} from ingest_daily_tag where sub_id <> ''`;
  const same = async (a: string, b: string) => {
    expect(await database.query(sql.raw(`(${a}) except all (${b})`))).toEqual([]);
    expect(await database.query(sql.raw(`(${b}) except all (${a})`))).toEqual([]);
  };
  const nonZero = (cols: string[]) => `where ${cols.map((c) => `${c} <> 0`).join(' or ')}`;
  const fileCols = ['downloads', 'counted_downloads', 'video_views'];
  await same(`select * from (${sums('ingest_daily_file_tag', fileCols)}) x ${nonZero(fileCols)}`, `${tagged(fileCols)} and (${fileCols.map((c) => `${c} <> 0`).join(' or ')})`);
  const countryCols = ['downloads', 'counted_downloads'];
  await same(`select * from (${sums('ingest_daily_country_tag', countryCols)}) x ${nonZero(countryCols)}`, `${tagged(countryCols)} and (${countryCols.map((c) => `${c} <> 0`).join(' or ')})`);
  const sourceCols = ['hits', 'downloads'];
  await same(`select * from (${sums('ingest_daily_source_tag', sourceCols)}) x ${nonZero(sourceCols)}`, `${tagged(sourceCols)} and (${sourceCols.map((c) => `${c} <> 0`).join(' or ')})`);
  const untagged = (whole: string, twin: string, keys: string[], cols: string[]) => `
    select ${keys.join(', ')}, ${cols.map((c) => `sum(${c}) as ${c}`).join(', ')} from (
      select ${keys.join(', ')}, ${cols.join(', ')} from ${whole}
      union all select ${keys.join(', ')}, ${cols.map((c) => `-${c}`).join(', ')} from ${twin}) u
    group by ${keys.map((_, i) => i + 1).join(', ')}
    having ${cols.map((c) => `sum(${c}) < 0`).join(' or ')}`;
  const k = ['user_id', 'project', 'day'];
  expect(await database.query(sql.raw(untagged('ingest_daily_country', 'ingest_daily_country_tag', [...k, 'country_group'], ['downloads', 'counted_downloads', 'sales', ...REASON_COLUMNS])))).toEqual([]);
  expect(await database.query(sql.raw(untagged('ingest_daily_file', 'ingest_daily_file_tag', [...k, 'file_id'], ['downloads', 'counted_downloads', 'video_views', 'sales', ...REASON_COLUMNS])))).toEqual([]);
  expect(await database.query(sql.raw(untagged('ingest_daily_source', 'ingest_daily_source_tag', [...k, 'domain', 'url'], ['hits', 'downloads', 'unique_downloads', 'purchases'])))).toEqual([]);
  expect(await database.query(sql.raw(untagged('ingest_daily_video', 'ingest_daily_video_tag', [...k, 'player_type'], ['views', 'seconds', 'sales'])))).toEqual([]);
}

// Every world gets the same ids (fresh databases from one template), so one generated history fits all.
it('gives the same rollups for any order, any split into batches, any resends and any settings changes in between', async () => {
  const probe = await world();
  const { app, other } = probe;
  await probe.database.close();
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb(app, other), { minLength: 1, maxLength: 30 }),
      fc.infiniteStream(fc.integer({ min: 0, max: 1_000_000 })),
      fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 10 }),
      fc.array(fc.nat(), { maxLength: 10 }),
      fc.uniqueArray(versionArb, { maxLength: 3, selector: (v) => v.at }),
      async (generated, randoms, splits, resendPicks, versions) => {
        const events = generated.map((e, i) => ({ id: `e${i}`, ...e }));
        const a = await world(versions);
        const b = await world(versions);
        try {
          await ingestBatch(a.database, 'fd1', events, { now: NOW });
          const expected = await recountAndRollups(a.database);
          expect(expected.rollups).toEqual(expected.recount);
          await expectReasonsAddUp(a.database);
          await expectTagsAddUp(a.database);
          await expectTwinsAgree(a.database);

          // Another order, other batches, some events sent again.
          const it = randoms[Symbol.iterator]();
          const shuffled = events.map((e) => ({ e, k: it.next().value as number })).sort((x, y) => x.k - y.k).map((x) => x.e);
          const resends = resendPicks.map((p) => events[p % events.length]!);
          const stream = [...shuffled, ...resends];
          for (const batch of splitIntoBatches(stream, splits)) await ingestBatch(b.database, 'fd1', batch, { now: NOW });
          const actual = await recountAndRollups(b.database);
          expect(actual.rollups).toEqual(expected.rollups);
          expect(actual.recount).toEqual(expected.recount);
          await expectReasonsAddUp(b.database);
        } catch (error) {
          if (process.env.INGEST_PROPERTY_DEBUG === '1') {
            const ra = await recountAndRollups(a.database);
            const rb = await recountAndRollups(b.database);
            const fmt = (xs: Array<{ tbl: string; k: string; col: string; v: number }>) => new Set(xs.map((x) => `${x.tbl} ${x.k} ${x.col}=${x.v}`));
            const sets = { aRoll: fmt(ra.rollups), aRe: fmt(ra.recount), bRoll: fmt(rb.rollups) };
            const diff = (x: Set<string>, y: Set<string>) => [...x].filter((v) => !y.has(v));
            console.log(JSON.stringify({ events, splits, resendPicks, onlyARoll: diff(sets.aRoll, sets.aRe), onlyARe: diff(sets.aRe, sets.aRoll), onlyBRoll: diff(sets.bRoll, sets.aRoll), missingB: diff(sets.aRoll, sets.bRoll) }));
          }
          throw error;
        } finally {
          await a.database.close();
          await b.database.close();
        }
      },
    ),
    { numRuns: Number(process.env.INGEST_PROPERTY_RUNS ?? 12), endOnFailure: process.env.INGEST_PROPERTY_SHRINK !== '1' },
  );
}, 300_000);

// Many senders at once: the batches of a project that come while its write runs are written together (decision
// 0180). Whatever the grouping, the figures are those of the events sent one by one, and each id is accepted once.
it('gives the same rollups when small batches are sent concurrently and written in groups, as one by one', async () => {
  const probe = await world();
  const { app, other } = probe;
  await probe.database.close();
  const groupedBefore = ingestGrouping();
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb(app, other), { minLength: 1, maxLength: 30 }),
      fc.infiniteStream(fc.integer({ min: 0, max: 1_000_000 })),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 10 }),
      fc.array(fc.nat(), { maxLength: 10 }),
      // How many turns of the event loop each batch waits before it is sent: the interleaving.
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 10 }),
      fc.uniqueArray(versionArb, { maxLength: 2, selector: (v) => v.at }),
      async (generated, randoms, splits, resendPicks, delays, versions) => {
        const events = generated.map((e, i) => ({ id: `e${i}`, ...e }));
        const a = await world(versions);
        const b = await world(versions);
        try {
          // One by one, each event its own batch, each after the previous one's answer.
          let acceptedOneByOne = 0;
          for (const event of events) acceptedOneByOne += (await ingestBatch(a.database, 'fd1', [event], { now: NOW })).accepted;
          const expected = await recountAndRollups(a.database);
          expect(expected.rollups).toEqual(expected.recount);

          // The same events in another order, some twice (in the same wave too), cut into small batches sent all
          // at once, each after a few turns of the event loop.
          const it = randoms[Symbol.iterator]();
          const shuffled = events.map((e) => ({ e, k: it.next().value as number })).sort((x, y) => x.k - y.k).map((x) => x.e);
          const stream = [...shuffled, ...resendPicks.map((p) => events[p % events.length]!)];
          const batches = splitIntoBatches(stream, splits);
          const answers = await Promise.all(
            batches.map(async (batch, n) => {
              for (let turn = delays[n % delays.length]!; turn > 0; turn--) await new Promise((resolve) => setImmediate(resolve));
              return ingestBatch(b.database, 'fd1', batch, { now: NOW });
            }),
          );
          // Every event has its answer, and every id is accepted exactly once over all answers.
          const acceptedIds = answers.flatMap((answer) => answer.results.filter((r) => r.status === 'accepted').map((r) => r.id));
          expect(new Set(acceptedIds).size).toBe(acceptedIds.length);
          expect(acceptedIds.length).toBe(acceptedOneByOne);
          answers.forEach((answer, n) => {
            expect(answer.results.length).toBe(batches[n]!.length);
            answer.results.forEach((r, i) => expect(r).toMatchObject({ index: i, id: batches[n]![i]!.id }));
            expect(answer.accepted + answer.duplicates + answer.rejected).toBe(batches[n]!.length);
          });
          const actual = await recountAndRollups(b.database);
          expect(actual.rollups).toEqual(expected.rollups);
          expect(actual.recount).toEqual(expected.recount);
          await expectReasonsAddUp(b.database);
        } finally {
          await a.database.close();
          await b.database.close();
        }
      },
    ),
    { numRuns: Number(process.env.INGEST_PROPERTY_RUNS ?? 12), endOnFailure: process.env.INGEST_PROPERTY_SHRINK !== '1' },
  );
  // The runs did write batches together (otherwise this property says nothing about grouping).
  const grouped = ingestGrouping();
  expect(grouped.batches - groupedBefore.batches).toBeGreaterThan(grouped.writes - groupedBefore.writes);
}, 300_000);
