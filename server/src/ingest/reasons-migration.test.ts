import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DOWNLOAD_REASONS } from '@pc/core';
import { createTestDatabase } from '../test/harness.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/client.ts';
import { insertPartner } from './testing.ts';
import { REASON_COLUMNS } from './rollups.ts';

/**
 * Migration 0780 on a database written before it (decision 0200): the rollups and first downloads as the earlier
 * rule left them — a first counted whenever its file was known and over 10 MB — decided again: the reasons filled in,
 * the counted downloads and the earnings of firsts that no longer count taken out, their days marked for the close.
 */
let database: Database;
let p: number;
let r: number;
let q: number;

const MIGRATION = '0780_download_reasons.sql';

beforeEach(async () => {
  database = await createTestDatabase();
  p = (await insertPartner(database, 'p@x.test')).userId;
  q = (await insertPartner(database, 'q@x.test')).userId;
  r = (await insertPartner(database, 'r@x.test')).userId;
  // Back to the database before 0780: its columns gone, the migration not applied.
  const drop = (table: string) => `alter table ${table} ${REASON_COLUMNS.map((c) => `drop column ${c}`).join(', ')};`;
  await database.exec(`
    ${drop('ingest_daily')} ${drop('ingest_daily_country')} ${drop('ingest_daily_file')}
    alter table ingest_download_firsts drop column applied_reason;
    delete from schema_migrations where name = '${MIGRATION}';`);
});
afterEach(async () => {
  await database.close();
});

const BIG = 30_000_000;
const D19 = '2026-11-19';
const D20 = '2026-11-20';

async function oldState() {
  // p: Mixed (the default) until November 20, PPS from then; r: PPD.
  await database.query(sql`insert into partner_plans (user_id, project, plan, effective_from) values
    (${p}, 'fd1', 'pps', '2026-11-20T00:00:00Z'), (${r}, 'fd1', 'ppd', '2026-11-01T00:00:00Z')`);
  await database.query(sql`insert into ingest_files (project, file_id, user_id, known, uploaded_at, size_bytes, deleted_at) values
    ('fd1', 'F', ${p}, true, '2026-11-01T00:00:00Z', ${BIG}, null),
    ('fd1', 'S', ${p}, true, '2026-11-01T00:00:00Z', 1000000, null),
    ('fd1', 'D', ${p}, true, '2026-11-01T00:00:00Z', ${BIG}, '2026-11-19T12:00:00Z'),
    ('fd1', 'O', ${q}, true, '2026-11-01T00:00:00Z', ${BIG}, null),
    ('fd1', 'R', ${r}, true, '2026-11-01T00:00:00Z', ${BIG}, null)`);
  const first = (file: string, user: number, at: string, group: string, counted: number, earned: number) =>
    sql`(${'fd1'}, ${file}, ${'dl-' + file}, ${at.slice(0, 10)}::date, ${user}, ${'e-' + file + at}, ${at}::timestamptz, ${group}, '', '', ${counted}, ${earned})`;
  await database.query(sql`insert into ingest_download_firsts
    (project, file_id, downloader_id, day, user_id, event_id, at, country_group, referrer_domain, referrer_url, applied_counted, applied_earned_micro)
    values ${sql.join(
      [
        first('F', p, `${D19}T10:00:00Z`, 'A', 1, 8_750), // counted, Mixed in A
        first('S', p, `${D19}T10:00:00Z`, 'A', 0, 0), // 1 MB
        first('D', p, `${D19}T13:00:00Z`, 'A', 1, 8_750), // after its deletion at 12:00
        first('O', p, `${D19}T10:00:00Z`, 'A', 1, 8_750), // q's file
        first('U', p, `${D19}T10:00:00Z`, 'A', 0, 0), // never uploaded
        first('F', p, `${D20}T10:00:00Z`, 'A', 1, 0), // PPS
        first('R', r, `${D19}T10:00:00Z`, 'E', 1, 0), // PPD in E
      ],
      sql`, `,
    )}`);
  // The rollups as the earlier ingest kept them; F on the 19th had two repeats, one from group B.
  await database.query(sql`insert into ingest_daily (user_id, project, day, downloads, unique_downloads, counted_downloads, download_earned_micro, earned_micro) values
    (${p}, 'fd1', ${D19}, 7, 5, 3, 26250, 26250), (${p}, 'fd1', ${D20}, 1, 1, 1, 0, 0), (${r}, 'fd1', ${D19}, 1, 1, 1, 0, 0)`);
  await database.query(sql`insert into ingest_daily_country (user_id, project, day, country_group, downloads, counted_downloads, download_earned_micro) values
    (${p}, 'fd1', ${D19}, 'A', 6, 3, 26250), (${p}, 'fd1', ${D19}, 'B', 1, 0, 0), (${p}, 'fd1', ${D20}, 'A', 1, 1, 0), (${r}, 'fd1', ${D19}, 'E', 1, 1, 0)`);
  await database.query(sql`insert into ingest_daily_file (user_id, project, day, file_id, downloads, counted_downloads, earned_micro) values
    (${p}, 'fd1', ${D19}, 'F', 3, 1, 8750), (${p}, 'fd1', ${D19}, 'S', 1, 0, 0), (${p}, 'fd1', ${D19}, 'D', 1, 1, 8750),
    (${p}, 'fd1', ${D19}, 'O', 1, 1, 8750), (${p}, 'fd1', ${D19}, 'U', 1, 0, 0), (${p}, 'fd1', ${D20}, 'F', 1, 1, 0), (${r}, 'fd1', ${D19}, 'R', 1, 1, 0)`);
}

/** A rollup row as downloads, counted, earnings and the reasons with a count. */
async function rows(table: string, key: string, earned: string) {
  const list = await database.query<Record<string, unknown>>(
    sql.raw(`select user_id, day::text as day, ${key} as k, downloads, counted_downloads, ${earned} as earned, ${REASON_COLUMNS.join(', ')} from ${table} order by 1, 2, 3`),
  );
  return Object.fromEntries(
    list.map((row) => {
      const out: Record<string, number> = { downloads: Number(row.downloads), counted: Number(row.counted_downloads), earned: Number(row.earned) };
      for (const reason of DOWNLOAD_REASONS) if (Number(row[`uncounted_${reason}`])) out[reason] = Number(row[`uncounted_${reason}`]);
      const who = Number(row.user_id) === p ? 'p' : 'r';
      return [`${who} ${String(row.day)} ${String(row.k)}`, out];
    }),
  );
}

it('fills in the reasons and takes out of the rollups what firsts that no longer count added', async () => {
  await oldState();
  expect(await migrate(database)).toEqual([MIGRATION]);

  expect(await rows('ingest_daily', "''", 'download_earned_micro')).toEqual({
    [`p ${D19} `]: { downloads: 7, counted: 1, earned: 8_750, repeat: 2, small_file: 1, file_unavailable: 3 },
    [`p ${D20} `]: { downloads: 1, counted: 0, earned: 0, pps_plan: 1 },
    [`r ${D19} `]: { downloads: 1, counted: 0, earned: 0, unpaid_group: 1 },
  });
  expect(await rows('ingest_daily_country', 'country_group', 'download_earned_micro')).toEqual({
    [`p ${D19} A`]: { downloads: 6, counted: 1, earned: 8_750, repeat: 1, small_file: 1, file_unavailable: 3 },
    [`p ${D19} B`]: { downloads: 1, counted: 0, earned: 0, repeat: 1 },
    [`p ${D20} A`]: { downloads: 1, counted: 0, earned: 0, pps_plan: 1 },
    [`r ${D19} E`]: { downloads: 1, counted: 0, earned: 0, unpaid_group: 1 },
  });
  expect(await rows('ingest_daily_file', 'file_id', 'earned_micro')).toEqual({
    [`p ${D19} D`]: { downloads: 1, counted: 0, earned: 0, file_unavailable: 1 },
    [`p ${D19} F`]: { downloads: 3, counted: 1, earned: 8_750, repeat: 2 },
    [`p ${D19} O`]: { downloads: 1, counted: 0, earned: 0, file_unavailable: 1 },
    [`p ${D19} S`]: { downloads: 1, counted: 0, earned: 0, small_file: 1 },
    [`p ${D19} U`]: { downloads: 1, counted: 0, earned: 0, file_unavailable: 1 },
    [`p ${D20} F`]: { downloads: 1, counted: 0, earned: 0, pps_plan: 1 },
    [`r ${D19} R`]: { downloads: 1, counted: 0, earned: 0, unpaid_group: 1 },
  });
  // The daily total of earnings follows; the file totals follow through their triggers.
  const [daily] = await database.query<{ earned: string }>(sql`select earned_micro::text as earned from ingest_daily where user_id = ${p} and day = ${D19}`);
  expect(Number(daily!.earned)).toBe(8_750);
  const totals = await database.query<{ file_id: string; earned: string }>(
    sql`select file_id, earned_micro::text as earned from stats_file_totals where user_id = ${p} and file_id in ('D', 'F') order by file_id`,
  );
  expect(totals.map((t) => [t.file_id, Number(t.earned)])).toEqual([
    ['D', 0],
    ['F', 8_750],
  ]);
  // Each first keeps its decision; those that lost money lost it whole.
  const firsts = await database.query<{ file_id: string; day: string; applied_reason: string; applied_counted: number; applied_earned_micro: string }>(
    sql`select file_id, day::text as day, applied_reason, applied_counted, applied_earned_micro::text as applied_earned_micro from ingest_download_firsts order by file_id, day`,
  );
  expect(firsts.map((f) => [f.file_id, f.day, f.applied_reason, Number(f.applied_counted), Number(f.applied_earned_micro)])).toEqual([
    ['D', D19, 'file_unavailable', 0, 0],
    ['F', D19, 'counted', 1, 8_750],
    ['F', D20, 'pps_plan', 0, 0],
    ['O', D19, 'file_unavailable', 0, 0],
    ['R', D19, 'unpaid_group', 0, 0],
    ['S', D19, 'small_file', 0, 0],
    ['U', D19, 'file_unavailable', 0, 0],
  ]);
  // Only the day whose earnings moved goes back to the close.
  const dirty = await database.query<{ user_id: number; day: string }>(sql`select user_id, day::text as day from dirty_days order by 1, 2`);
  expect(dirty.map((d) => [Number(d.user_id), d.day])).toEqual([[p, D19]]);
});
