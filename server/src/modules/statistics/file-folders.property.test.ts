import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { filesQuery } from '@pc/core';
import { createTestDatabase, withTestDatabase, migrateAgain } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { num, str, type Row } from '../../db/sql.ts';
import { ingestBatch } from '../../ingest/process.ts';
import { insertPartner, splitIntoBatches } from '../../ingest/testing.ts';
import { files } from './reads/files.ts';

/**
 * Decision 0222: the files lists' totals and folder choices read from `stats_file_folders` (kept by triggers on the
 * files) are those of counting the files one by one, whatever the uploads, copies, moves, deletions and downloads,
 * their order and their batches.
 */

const NOW = new Date('2026-11-21T12:00:00Z');

/** The kept counts recounted from the files: no row off (a row at zero is a folder emptied, not a difference). */
async function expectFoldersRecounted(database: Database) {
  const recount = `select user_id, project, kind, folder, count(*)::bigint as files from ingest_files
                   where known and deleted_at is null group by 1, 2, 3, 4`;
  const kept = `select user_id, project, kind, folder, files from stats_file_folders where files <> 0`;
  expect(await database.query(sql.raw(`(${recount}) except all (${kept})`))).toEqual([]);
  expect(await database.query(sql.raw(`(${kept}) except all (${recount})`))).toEqual([]);
}

/** The list's total and folders counted one by one, as the files screen defines them. */
async function countedOneByOne(database: Database, userId: number, kind: 'file' | 'copy', filter: Filter) {
  const visible = (await database.query<Row>(sql`
    select folder, name from ingest_files
    where user_id = ${userId} and project = 'fd1' and kind = ${kind} and known and deleted_at is null`)).map((r) => ({
    folder: r.folder === null ? null : str(r.folder),
    name: str(r.name),
  }));
  const inList = visible.filter(
    (f) =>
      (filter.inbox === undefined || (f.folder === null) === filter.inbox) &&
      (filter.folder === undefined || f.folder === filter.folder) &&
      (filter.search === undefined || f.name.toLowerCase().includes(filter.search.toLowerCase())),
  );
  const folders = (await database.query<Row>(sql`
    select distinct folder from ingest_files
    where user_id = ${userId} and project = 'fd1' and kind = ${kind} and known and deleted_at is null and folder is not null
    order by folder`)).map((r) => str(r.folder));
  return { total: inList.length, folders };
}

type Filter = { inbox?: boolean; folder?: string; search?: string };
const filterArb: fc.Arbitrary<Filter> = fc.constantFrom({}, { inbox: true }, { inbox: false }, { folder: 'A' }, { folder: 'b' }, { search: 'n1' }, { inbox: true, folder: 'A' });
const folderArb = fc.constantFrom(null, null, 'A', 'b', '');

function eventArb(app: number, other: number) {
  const at = fc.integer({ min: 0, max: 20 }).map((back) => new Date(NOW.getTime() - back * 3_600_000).toISOString());
  const file = fc.constantFrom('f1', 'f2', 'f3', 'f4', 'c1', 'c2');
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        // Now and then another partner names the file (then not theirs).
        app_users_id: fc.constantFrom(app, app, app, other),
        at,
        type: fc.constant('file_uploaded'),
        file_id: fc.constantFrom('f1', 'f2', 'f3', 'f4'),
        name: fc.constantFrom('n1', 'N10', 'x'),
        folder: folderArb,
        size_bytes: fc.constant(1_000),
      }),
    },
    { weight: 2, arbitrary: fc.record({ app_users_id: fc.constant(app), at, type: fc.constant('file_copied'), file_id: fc.constantFrom('c1', 'c2'), original_file_id: fc.constant('f1'), copy_account_id: fc.constant('acc'), name: fc.constant('n1 copy'), size_bytes: fc.constant(5_000) }) },
    { weight: 3, arbitrary: fc.record({ app_users_id: fc.constant(app), at, type: fc.constant('file_moved'), file_id: file, folder: folderArb }) },
    { weight: 1, arbitrary: fc.record({ app_users_id: fc.constant(app), at, type: fc.constant('file_renamed'), file_id: file, name: fc.constantFrom('n1', 'y') }) },
    { weight: 2, arbitrary: fc.record({ app_users_id: fc.constant(app), at, type: fc.constant('file_deleted'), file_id: file }) },
    // A download of a file not uploaded yet makes an unknown file row, which no list counts.
    { weight: 2, arbitrary: fc.record({ app_users_id: fc.constant(app), at, type: fc.constant('download'), file_id: file, country: fc.constant('US'), downloader_id: fc.constant('d1'), completed: fc.boolean() }) },
  );
}

it('answers the same totals and folders as the files counted one by one, for any events, order and batches', async () => {
  const probe = await createTestDatabase();
  const p0 = await insertPartner(probe, 'p@x.test');
  const o0 = await insertPartner(probe, 'o@x.test');
  await probe.close();
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb(p0.app.fd1, o0.app.fd1), { minLength: 1, maxLength: 30 }),
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
      fc.array(filterArb, { minLength: 1, maxLength: 3 }),
      async (generated, splits, filters) => {
        await withTestDatabase(async (database) => {
          const p = await insertPartner(database, 'p@x.test');
          await insertPartner(database, 'o@x.test');
          const events = generated.map((e, i) => ({ id: `e${i}`, ...e }));
          for (const batch of splitIntoBatches(events, splits)) {
            await ingestBatch(database, 'fd1', batch, { now: NOW });
            await expectFoldersRecounted(database);
          }
          for (const filter of filters)
            for (const kind of ['file', 'copy'] as const) {
              const q = filesQuery.parse({ app: 'fd1', per_page: 25, ...(filter.inbox === undefined ? {} : { inbox: String(filter.inbox) }), ...(filter.folder ? { folder: filter.folder } : {}), ...(filter.search ? { search: filter.search } : {}) });
              const answer = await files(database, p.userId, q, NOW, kind);
              const expected = await countedOneByOne(database, p.userId, kind, filter);
              expect({ total: answer.meta.total, folders: answer.folders }).toEqual(expected);
              expect(answer.data.length).toBe(Math.min(25, expected.total));
            }
        });
      },
    ),
    { numRuns: Number(process.env.FILE_FOLDERS_PROPERTY_RUNS ?? 15) },
  );
}, 300_000);

it('fills the folder counts from the files already held when the migration runs', async () => {
  await withTestDatabase(async (database) => {
    const p = await insertPartner(database, 'p@x.test');
    const u = p.app.fd1;
    await ingestBatch(
      database,
      'fd1',
      [
        { id: 'u1', type: 'file_uploaded', at: '2026-11-01T08:00:00Z', app_users_id: u, file_id: 'f1', name: 'a', size_bytes: 1, folder: 'Music' },
        { id: 'u2', type: 'file_uploaded', at: '2026-11-01T08:00:00Z', app_users_id: u, file_id: 'f2', name: 'b', size_bytes: 1, folder: 'Music' },
        { id: 'u3', type: 'file_uploaded', at: '2026-11-01T08:00:00Z', app_users_id: u, file_id: 'f3', name: 'c', size_bytes: 1 },
        { id: 'u4', type: 'file_uploaded', at: '2026-11-01T08:00:00Z', app_users_id: u, file_id: 'f4', name: 'd', size_bytes: 1, folder: 'Books' },
        { id: 'x4', type: 'file_deleted', at: '2026-11-02T08:00:00Z', app_users_id: u, file_id: 'f4' },
      ],
      { now: NOW },
    );
    const q = filesQuery.parse({ app: 'fd1' });
    const before = await files(database, p.userId, q, NOW, 'file');
    // Back to the database before 0890, then migrated again.
    await migrateAgain(database, '0890_file_folders.sql', `
      drop table stats_file_folders;
      drop function stats_file_folders_on_files_change cascade;`);
    await expectFoldersRecounted(database);
    expect(await files(database, p.userId, q, NOW, 'file')).toEqual(before);
    // Books lost its only file; the Inbox holds f3.
    expect({ total: before.meta.total, folders: before.folders }).toEqual({ total: 3, folders: ['Music'] });
    const inbox = await files(database, p.userId, filesQuery.parse({ app: 'fd1', inbox: 'true' }), NOW, 'file');
    expect(inbox.data.map((f) => f.id)).toEqual(['f3']);
    expect(num(inbox.meta.total)).toBe(1);
  });
});
