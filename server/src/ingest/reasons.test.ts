import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DOWNLOAD_REASONS, type DownloadDecision } from '@pc/core';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { insertPartner, send } from './testing.ts';
import { recountAndRollups } from './recount.ts';

/**
 * Why a download did not count (decision 0200): each reason of core's downloadDecision, sent through the real
 * ingest call and read back from the daily, country-group and file rollups, which must also equal the recount
 * from the raw events, and add up (counted + every reason = downloads).
 */
let t: TestApp;
let a: number;
let other: number;
let userId: number;

beforeEach(async () => {
  t = await createTestApp({ clock: '2026-11-21T12:00:00Z' });
  const p = await insertPartner(t.ctx.database, 'partner@x.test');
  const q = await insertPartner(t.ctx.database, 'other@x.test');
  a = p.app.fd1;
  other = q.app.fd1;
  userId = p.userId;
});
afterEach(async () => {
  const { recount, rollups } = await recountAndRollups(t.ctx.database);
  expect(rollups).toEqual(recount);
  await t.close();
});

const BIG = 30_000_000;
const upload = (id: string, fileId: string, size = BIG, app = () => a) => ({
  id,
  type: 'file_uploaded',
  at: '2026-11-19T01:00:00Z',
  app_users_id: app(),
  file_id: fileId,
  name: `${fileId}.zip`,
  size_bytes: size,
});
const download = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'download',
  at: '2026-11-20T10:00:00Z',
  app_users_id: a,
  file_id: 'f1',
  country: 'US',
  downloader_id: 'dl-1',
  completed: true,
  ...extra,
});

type Figures = { downloads: number; counted: number } & Partial<Record<DownloadDecision, number>>;

/** Downloads, counted ones and each reason with a non-zero count, in the daily row, the group's row and the file's row. */
async function read(group = 'A', fileId = 'f1', user = userId): Promise<{ daily: Figures; country: Figures; file: Figures }> {
  const cols = `downloads::int as downloads, counted_downloads::int as counted, ${DOWNLOAD_REASONS.map((r) => `uncounted_${r}::int as ${r}`).join(', ')}`;
  const one = async (q: ReturnType<typeof sql>) => {
    const [row] = await t.ctx.database.query<Record<string, number>>(q);
    const out: Record<string, number> = { downloads: row?.downloads ?? 0, counted: row?.counted ?? 0 };
    for (const r of DOWNLOAD_REASONS) if (row?.[r]) out[r] = row[r]!;
    return out as Figures;
  };
  return {
    daily: await one(sql`select ${sql.raw(cols)} from ingest_daily where user_id = ${user} and project = 'fd1' and day = '2026-11-20'`),
    country: await one(
      sql`select ${sql.raw(cols)} from ingest_daily_country where user_id = ${user} and project = 'fd1' and day = '2026-11-20' and country_group = ${group}`,
    ),
    file: await one(sql`select ${sql.raw(cols)} from ingest_daily_file where user_id = ${user} and project = 'fd1' and day = '2026-11-20' and file_id = ${fileId}`),
  };
}

async function accepted(events: unknown[]) {
  const { status, body } = await send(t.app, 'fd1', events);
  expect(status).toBe(200);
  expect(body.rejected).toBe(0);
}

describe('a download that does not count is kept under its reason', () => {
  it('counted: a first download of an own 30 MB file on Mixed in group A', async () => {
    await accepted([upload('u1', 'f1'), download('d1')]);
    expect(await read()).toEqual({ daily: { downloads: 1, counted: 1 }, country: { downloads: 1, counted: 1 }, file: { downloads: 1, counted: 1 } });
  });

  it('small_file: the file is not larger than 10 MB', async () => {
    await accepted([upload('u1', 'f1', 10_485_760), download('d1')]);
    const row = { downloads: 1, counted: 0, small_file: 1 };
    expect(await read()).toEqual({ daily: row, country: row, file: row });
  });

  it('repeat: the same downloader’s second download of the file that day, the earlier one counting whatever arrives first', async () => {
    await accepted([upload('u1', 'f1'), download('d2', { at: '2026-11-20T15:00:00Z', country: 'RU' })]);
    await accepted([download('d1', { at: '2026-11-20T09:00:00Z' })]);
    const got = await read();
    expect(got.daily).toEqual({ downloads: 2, counted: 1, repeat: 1 });
    expect(got.country).toEqual({ downloads: 1, counted: 1 }); // the counted first is in A (US)
    expect((await read('R')).country).toEqual({ downloads: 1, counted: 0, repeat: 1 });
    // Sent again: nothing moves.
    await accepted([]);
    expect((await send(t.app, 'fd1', [download('d1', { at: '2026-11-20T09:00:00Z' })])).body.duplicates).toBe(1);
    expect((await read()).daily).toEqual({ downloads: 2, counted: 1, repeat: 1 });
  });

  it('unpaid_group: PPD pays nothing in group E', async () => {
    await t.ctx.database.query(sql`insert into partner_plans (user_id, project, plan, effective_from) values (${userId}, 'fd1', 'ppd', '2026-11-01T00:00:00Z')`);
    await accepted([upload('u1', 'f1'), download('d1', { country: 'IN' }), download('d2', { country: 'US', downloader_id: 'dl-2' })]);
    const got = await read('E');
    expect(got.daily).toEqual({ downloads: 2, counted: 1, unpaid_group: 1 });
    expect(got.country).toEqual({ downloads: 1, counted: 0, unpaid_group: 1 });
  });

  it('pps_plan: the plan pays no downloads', async () => {
    await t.ctx.database.query(sql`insert into partner_plans (user_id, project, plan, effective_from) values (${userId}, 'fd1', 'pps', '2026-11-01T00:00:00Z')`);
    await accepted([upload('u1', 'f1'), download('d1')]);
    const row = { downloads: 1, counted: 0, pps_plan: 1 };
    expect(await read()).toEqual({ daily: row, country: row, file: row });
  });

  it('file_unavailable: deleted before the download, another partner’s file, or a file never uploaded', async () => {
    await accepted([
      upload('u1', 'f1'),
      { id: 'rm1', type: 'file_deleted', at: '2026-11-20T08:00:00Z', app_users_id: a, file_id: 'f1' },
      download('d1'),
      upload('u2', 'theirs', BIG, () => other),
      download('d2', { file_id: 'theirs' }),
      download('d3', { file_id: 'nowhere' }),
    ]);
    const row = { downloads: 1, counted: 0, file_unavailable: 1 };
    expect((await read()).file).toEqual(row);
    expect((await read('A', 'theirs')).file).toEqual(row);
    expect((await read('A', 'nowhere')).file).toEqual(row);
    expect((await read()).daily).toEqual({ downloads: 3, counted: 0, file_unavailable: 3 });
  });

  it('file_unavailable, decided again: a deletion that arrives late takes back the downloads at or after it, and their money', async () => {
    await accepted([upload('u1', 'f1'), download('d1', { at: '2026-11-20T07:00:00Z' }), download('d2', { downloader_id: 'dl-2' })]);
    expect((await read()).daily).toEqual({ downloads: 2, counted: 2 });
    await accepted([{ id: 'rm1', type: 'file_deleted', at: '2026-11-20T10:00:00Z', app_users_id: a, file_id: 'f1' }]);
    expect((await read()).daily).toEqual({ downloads: 2, counted: 1, file_unavailable: 1 });
    const [money] = await t.ctx.database.query<{ earned: string }>(
      sql`select download_earned_micro::text as earned from ingest_daily where user_id = ${userId} and day = '2026-11-20'`,
    );
    expect(Number(money!.earned)).toBe(8_750); // one Mixed download in A
  });

  it('refused: the host’s own checks refused it; it does not take the first of the day, so the next one counts', async () => {
    await accepted([upload('u1', 'f1'), download('d1', { refused: true, at: '2026-11-20T09:00:00Z' }), download('d2')]);
    const row = { downloads: 2, counted: 1, refused: 1 };
    expect(await read()).toEqual({ daily: row, country: row, file: row });
    const rows = await t.ctx.database.query<{ n: number }>(sql`select unique_downloads::int as n from ingest_daily where user_id = ${userId} and day = '2026-11-20'`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('a `refused` that is not true or false is rejected as an invalid event', async () => {
    const { body } = await send(t.app, 'fd1', [download('d1', { refused: 'yes' })]);
    expect(body.results[0]).toMatchObject({ status: 'rejected', reason: 'invalid_event' });
  });
});
