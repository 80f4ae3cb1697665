import { expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { filesQuery } from '@pc/core';
import { withTestDatabase } from '../../test/harness.ts';
import { str, type Row } from '../../db/sql.ts';
import { insertPartner } from '../../ingest/testing.ts';
import { files } from './reads/files.ts';

/**
 * The files lists sorted by one of today's figures page the files active today by their figure and the rest in file
 * id order (reads/files.ts): whatever the figures (ties, zeros, negatives, rows of deleted files or of another
 * partner), the filters, the direction and the page size, the pages are those of sorting every file by
 * `coalesce(figure, 0), file_id` in one statement.
 */

const NOW = new Date('2026-11-20T12:00:00Z');
const TODAY = '2026-11-20';
const KEYS = { downloads_today: 'downloads', video_views_today: 'video_views', earned_today: 'earned_micro', sales_today: 'sales' } as const;

const fileArb = fc.record({
  file_id: fc.constantFrom('a', 'b', 'B', 'c1', 'c10', 'c2', 'd', 'e', 'f', 'g', 'h', 'x_1'),
  kind: fc.constantFrom('file', 'file', 'file', 'file', 'file', 'copy'),
  known: fc.constantFrom(true, true, true, true, true, false),
  deleted: fc.constantFrom(false, false, false, false, false, true),
  folder: fc.constantFrom(null, 'A'),
  today: fc.option(fc.record({ downloads: fc.integer({ min: 0, max: 2 }), video_views: fc.integer({ min: 0, max: 2 }), earned_micro: fc.integer({ min: -2, max: 2 }), sales: fc.integer({ min: 0, max: 1 }) })),
});

it('pages the files by a figure of today as one statement sorting every file would', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(fileArb, { minLength: 3, maxLength: 12, selector: (f) => f.file_id }),
      fc.constantFrom(...(Object.keys(KEYS) as Array<keyof typeof KEYS>)),
      fc.constantFrom('asc' as const, 'desc' as const),
      fc.integer({ min: 1, max: 4 }),
      fc.constantFrom(undefined, undefined, 'A'),
      async (list, sortKey, sortDir, perPage, folder) => {
        await withTestDatabase(async (database) => {
          const p = await insertPartner(database, 'p@x.test');
          const other = await insertPartner(database, 'o@x.test');
          for (const f of list) {
            await database.query(sql`insert into ingest_files (project, file_id, user_id, kind, known, name, folder, size_bytes, uploaded_at, deleted_at)
              values ('fd1', ${f.file_id}, ${p.userId}, ${f.kind}, ${f.known}, ${f.file_id}, ${f.folder}, 1, '2026-11-01T00:00:00Z', ${f.deleted ? '2026-11-10T00:00:00Z' : null})`);
            if (f.today)
              await database.query(sql`insert into ingest_daily_file (user_id, project, day, file_id, downloads, video_views, earned_micro, sales)
                values (${p.userId}, 'fd1', ${TODAY}, ${f.file_id}, ${f.today.downloads}, ${f.today.video_views}, ${f.today.earned_micro}, ${f.today.sales})`);
          }
          // Another partner's row of today for a file id of the list: not this partner's figure.
          await database.query(sql`insert into ingest_daily_file (user_id, project, day, file_id, downloads, earned_micro)
            values (${other.userId}, 'fd1', ${TODAY}, 'a', 5, 5)`);
          const column = sql.raw(`d.${KEYS[sortKey]}`);
          const d = sql.raw(sortDir);
          const expected = (
            await database.query<Row>(sql`
              select f.file_id from ingest_files f
              left join ingest_daily_file d on d.user_id = f.user_id and d.project = f.project and d.day = ${TODAY}::date and d.file_id = f.file_id
              where f.user_id = ${p.userId} and f.project = 'fd1' and f.kind = 'file' and f.known and f.deleted_at is null
                ${folder ? sql`and f.folder = ${folder}` : sql``}
              order by coalesce(${column}, 0) ${d}, f.file_id ${d}`)
          ).map((r) => str(r.file_id));
          const paged: string[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / perPage) + 1; page++) {
            const q = filesQuery.parse({ app: 'fd1', sort_key: sortKey, sort_dir: sortDir, per_page: String(perPage), page: String(page), ...(folder ? { folder } : {}) });
            const answer = await files(database, p.userId, q, NOW, 'file');
            expect(answer.meta.total).toBe(expected.length);
            expect(answer.data.map((r) => r.id)).toEqual(expected.slice((page - 1) * perPage, page * perPage));
            paged.push(...answer.data.map((r) => r.id));
          }
          expect(paged).toEqual(expected);
        });
      },
    ),
    { numRuns: Number(process.env.FILES_TODAY_PROPERTY_RUNS ?? 40) },
  );
}, 300_000);
