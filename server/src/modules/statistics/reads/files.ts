import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PRODUCT, DOWNLOAD_REASONS, dayOf, addDays, fileHints, fileHintsChangeAt, type FileHintInput, type FilesAnswer, type FilesQuery, type NotCountedDownloads } from '@pc/core';
import type { Database } from '../../../db/client.ts';
import { dayStr as day, jsonRows, num, rowsOfJson, str, type JsonRowValue, type Row } from '../../../db/sql.ts';
import { anyNonZero, likeEscape, dir, limitOffset, offsetOf, underTag } from './common.ts';

/** The files and file copies screens' reads (statistics; shared parts in common.ts). */
/** Sort keys on the file itself, on its all-time totals, and on today's row. */
const FILE_COLUMN_SORT: Record<string, string> = {
  name: 'f.name',
  size: 'f.size_bytes',
  created_at: 'f.uploaded_at',
};
const FILE_TOTAL_SORT: Record<string, string> = {
  downloads_total: 't.downloads',
  video_views_total: 't.video_views',
  earned_total: 't.earned_micro',
  sales_total: 't.sales',
};
const FILE_TODAY_SORT: Record<string, string> = {
  downloads_today: 'downloads',
  video_views_today: 'video_views',
  earned_today: 'earned_micro',
  sales_today: 'sales',
};

/** The page's columns (decision 0226): the name each is read under, and its value in the statement. */
const PAGE_COLUMNS: ReadonlyArray<readonly [string, JsonRowValue]> = [
  ['file_id', 'f.file_id'],
  ['name', 'f.name'],
  ['folder', 'f.folder'],
  ['size_bytes', { number: 'f.size_bytes' }],
  ['uploaded_at', 'f.uploaded_at'],
  ['downloads_today', { number: 'coalesce(d.downloads, 0)' }],
  ['downloads_total', { number: 'coalesce(t.downloads, 0)' }],
  ['counted_today', { number: 'coalesce(d.counted_downloads, 0)' }],
  ...DOWNLOAD_REASONS.map((r) => [`uncounted_${r}`, { number: `coalesce(d.uncounted_${r}, 0)` }] as const),
  ['video_views_today', { number: 'coalesce(d.video_views, 0)' }],
  ['video_views_total', { number: 'coalesce(t.video_views, 0)' }],
  ['earned_today', { number: 'coalesce(d.earned_micro, 0)' }],
  ['earned_total', { number: 'coalesce(t.earned_micro, 0)' }],
  ['sales_today', { number: 'coalesce(d.sales, 0)' }],
  ['sales_total', { number: 'coalesce(t.sales, 0)' }],
  ['last_download_day', 't.last_download_day'],
  ['trend_last', { number: 'trend.last' }],
  ['trend_before', { number: 'trend.before' }],
];

export async function files(
  database: Database,
  userId: number,
  q: FilesQuery,
  now: Date,
  kind: 'file' | 'copy',
  /** Told the first moment after `now` at which a hint of the page would change (none: not called). */
  hintsChangeAt?: (at: Date) => void,
): Promise<FilesAnswer> {
  const today = dayOf(now);
  const filters: SQL[] = [];
  if (q.inbox === true) filters.push(sql`and f.folder is null`);
  if (q.inbox === false) filters.push(sql`and f.folder is not null`);
  if (q.folder) filters.push(sql`and f.folder = ${q.folder}`);
  if (q.search) filters.push(sql`and f.name ilike ${`%${likeEscape(q.search)}%`}`);
  const base = sql`f.user_id = ${userId} and f.project = ${q.app} and f.kind = ${kind} and f.known and f.deleted_at is null`;
  const where = sql`${base} ${sql.join(filters, sql` `)}`;
  if (q.sub_id !== undefined) return filesUnderTag(database, userId, q, today, where, q.sub_id, keptFolders(database, userId, q, kind).then((k) => k.folders));
  const d = dir(q.sort_dir);
  // The list's size: the kept count serves every list but a name search, which counts the files it matches.
  const totalSql = q.search ? sql`(select count(*) from ingest_files f where ${where})` : sql`k.files`;
  // The page's file ids, in order: each sort key walks its own index (migration 0251); ties by file id. Today's
  // figures have no index of their own: pageByTodaysFigure finds their ids first.
  let ids: SQL;
  if (FILE_TOTAL_SORT[q.sort_key]) {
    ids = sql`unnest(array(
      select t.file_id from stats_file_totals t
      join ingest_files f on f.project = t.project and f.file_id = t.file_id
      where t.user_id = ${userId} and t.project = ${q.app} and ${where}
      order by ${sql.raw(FILE_TOTAL_SORT[q.sort_key]!)} ${d}, t.file_id ${d}
      ${limitOffset(q.per_page, offsetOf(q))}))`;
  } else if (!FILE_TODAY_SORT[q.sort_key]) {
    ids = sql`unnest(array(
      select f.file_id from ingest_files f where ${where}
      order by ${sql.raw(FILE_COLUMN_SORT[q.sort_key]!)} ${d}, f.file_id ${d}
      ${limitOffset(q.per_page, offsetOf(q))}))`;
  } else {
    const total = async () =>
      num((await database.query<Row>(sql`select ${totalSql} as n from (${keptFoldersOf(userId, q, kind)}) k`, { prepared: true }))[0]?.n);
    const found = await pageByTodaysFigure(
      database,
      { userId, app: q.app, today, where, column: FILE_TODAY_SORT[q.sort_key]!, d: q.sort_dir },
      offsetOf(q),
      q.per_page,
      total,
    );
    ids = sql`jsonb_array_elements_text(${JSON.stringify(found)}::jsonb)`;
  }
  // The "falling" hint compares the last 7 days with the 7 before, for the files of the page only: an index range
  // per file on stats_daily_file_trend_idx (one file's days, behind `offset 0`: read as one day range of the
  // partner, a day-first index of today's sorts would hold every file's days).
  const window = DEFAULT_PRODUCT.fileHints.fallingWindowDays;
  const split = addDays(today, -(window - 1));
  const start = addDays(today, -(2 * window - 1));
  // One statement answers the list (decision 0226): the list's size and folders, and the page's files in its order,
  // each looked up by key (behind `offset 0`: left to itself the planner may read every file of a partner whose files
  // are most of the table) with its figures today and in all and its trend. Every statement costs the process a
  // write and a read on its connection (the writes were a fifth of its time under this list with four statements).
  // The page comes as one JSON text of arrays of PAGE_COLUMNS, read by JSON.parse at once.
  const [row] = await database.query<Row>(
    sql`
    with p as materialized (select file_id, n from ${ids} with ordinality as p(file_id, n))
    select ${totalSql} as total, k.folders,
      (select ${jsonRows(PAGE_COLUMNS.map(([, value]) => value), sql`p.n`)}
       from p
       cross join lateral (select * from ingest_files f where f.project = ${q.app} and f.file_id = p.file_id and f.user_id = ${userId} offset 0) f
       left join stats_file_totals t on t.user_id = f.user_id and t.project = f.project and t.file_id = f.file_id
       left join ingest_daily_file d on d.user_id = f.user_id and d.project = f.project and d.day = ${today}::date and d.file_id = f.file_id
       cross join lateral (
         select coalesce(sum(r.downloads) filter (where r.day >= ${split}::date), 0) as last,
                coalesce(sum(r.downloads) filter (where r.day < ${split}::date), 0) as before
         from (select r.day, r.downloads from ingest_daily_file r
               where r.user_id = ${userId} and r.project = ${q.app} and r.file_id = p.file_id and r.day between ${start}::date and ${today}::date
               offset 0) r) trend
      ) as page
    from (${keptFoldersOf(userId, q, kind)}) k`,
    { prepared: true },
  );
  const rows = rowsOfJson(row?.page, PAGE_COLUMNS.map(([name]) => name));
  let nextChange: number | null = null;
  const answer: FilesAnswer = {
    data: rows.map((r) => {
      const createdAt = r.uploaded_at ? new Date(r.uploaded_at as string) : null;
      if (!createdAt) return { ...fileRowOf(r), hints: [] };
      const input: FileHintInput = {
        uploadedAt: createdAt,
        // Rollups are daily: a download on day D happened before the end of D.
        lastDownloadAt: r.last_download_day ? `${addDays(day(r.last_download_day), 1)}T00:00:00Z` : null,
        downloads: num(r.downloads_total),
        purchases: num(r.sales_total),
        downloadsLast7d: num(r.trend_last),
        downloadsPrevious7d: num(r.trend_before),
      };
      const change = fileHintsChangeAt(input, now)?.getTime();
      if (change !== undefined && (nextChange === null || change < nextChange)) nextChange = change;
      return { ...fileRowOf(r), hints: fileHints(input, now) };
    }),
    meta: { page: q.page, per_page: q.per_page, total: num(row?.total) },
    folders: JSON.parse(str(row?.folders ?? '[]')) as string[],
  };
  if (nextChange !== null) hintsChangeAt?.(new Date(nextChange));
  return answer;
}

/**
 * The page's file ids in the order of one of today's figures, ties by file id: the order of every file sorted by
 * `coalesce(figure, 0), file_id`, without reading every file. The files with a figure other than zero today come
 * from today's file rows in the figure's order (an index per figure, migration 0891), a page at a time: descending,
 * the positive figures first and the negative ones last; ascending, the other way round. Every other file counts 0
 * and sits between the two, in file id order, read from the files' id index up to the page's end (migration 0851,
 * decision 0214). How many files each side holds is counted only when the page reaches past the first side. The
 * statistics tests page through both orders with ties, zeros and negative figures.
 */
async function pageByTodaysFigure(
  database: Database,
  on: { userId: number; app: string; today: string; where: SQL; column: string; d: 'asc' | 'desc' },
  offset: number,
  limit: number,
  total: () => Promise<number>,
): Promise<string[]> {
  const figure = sql.raw(`d.${on.column}`);
  const first = on.d === 'desc' ? sql`> 0` : sql`< 0`;
  const last = on.d === 'desc' ? sql`< 0` : sql`> 0`;
  // Today's rows of the list's files on one side of zero; each file is looked up by key behind `offset 0`, so the
  // planner walks the figure's index and stops at the page's end instead of joining every file.
  const rowsOnSide = (sign: SQL) => sql`
    from ingest_daily_file d
    cross join lateral (select 1 from ingest_files f where f.project = d.project and f.file_id = d.file_id and ${on.where} offset 0) f
    where d.user_id = ${on.userId} and d.project = ${on.app} and d.day = ${on.today}::date and ${figure} ${sign}`;
  const side = async (sign: SQL, from: number, count: number) =>
    (
      await database.query<Row>(sql`
        select d.file_id ${rowsOnSide(sign)}
        order by ${figure} ${dir(on.d)}, d.file_id ${dir(on.d)} ${limitOffset(count, from)}`, { prepared: true })
    ).map((r) => str(r.file_id));
  const sizeOf = async (sign: SQL) =>
    num((await database.query<Row>(sql`select count(*) as n ${rowsOnSide(sign)}`, { prepared: true }))[0]?.n);

  const page = await side(first, offset, limit);
  if (page.length === limit) return page;
  // The page ran past the first side: a page that holds some of it tells its size; an empty one counts it.
  const firstSize = page.length > 0 ? offset + page.length : await sizeOf(first);
  const lastSize = await sizeOf(last);
  const zeros = (await total()) - firstSize - lastSize;
  const zerosFrom = Math.max(0, offset - firstSize);
  if (zerosFrom < zeros) {
    const zeroPage = await database.query<Row>(sql`
      select f.file_id from ingest_files f
      where ${on.where}
        and not exists (
          select 1 from ingest_daily_file d
          where d.user_id = f.user_id and d.project = f.project and d.day = ${on.today}::date and d.file_id = f.file_id and ${figure} <> 0)
      order by f.file_id ${dir(on.d)}
      limit ${limit - page.length} offset ${zerosFrom}`);
    page.push(...zeroPage.map((r) => str(r.file_id)));
  }
  const lastFrom = Math.max(0, offset - firstSize - zeros);
  if (page.length < limit && lastSize > lastFrom) page.push(...(await side(last, lastFrom, limit - page.length)));
  return page;
}

/** A file's row of the list without its hints: the file itself and its figures today and in all. */
function fileRowOf(r: Row): Omit<FilesAnswer['data'][number], 'hints'> {
  return {
    id: str(r.file_id),
    name: str(r.name),
    folder: (r.folder as string | null) ?? null,
    size: num(r.size_bytes),
    created_at: r.uploaded_at ? new Date(r.uploaded_at as string).toISOString() : '',
    downloads_today: num(r.downloads_today),
    counted_today: num(r.counted_today),
    not_counted_today: Object.fromEntries(DOWNLOAD_REASONS.map((reason) => [reason, num(r[`uncounted_${reason}`])])) as NotCountedDownloads,
    downloads_total: num(r.downloads_total),
    video_views_today: num(r.video_views_today),
    video_views_total: num(r.video_views_total),
    earned_today: num(r.earned_today),
    earned_total: num(r.earned_total),
    sales_today: num(r.sales_today),
    sales_total: num(r.sales_total),
  };
}

/**
 * The partner's folders (a thousand at most, in name order) and how many files the list's folder filter holds, from
 * the folder counts kept beside the files (migration 0890, decision 0222): one statement over a few rows instead of
 * counting every file and walking the folder index. A folder whose files have all left keeps a row at zero; it is
 * no longer one of the partner's folders. One row: `files`, and `folders` as a JSON text.
 */
function keptFoldersOf(userId: number, q: FilesQuery, kind: 'file' | 'copy'): SQL {
  const inList: SQL[] = [];
  if (q.inbox === true) inList.push(sql`and s.folder is null`);
  if (q.inbox === false) inList.push(sql`and s.folder is not null`);
  if (q.folder) inList.push(sql`and s.folder = ${q.folder}`);
  const own = sql`s.user_id = ${userId} and s.project = ${q.app} and s.kind = ${kind}`;
  return sql`
    select coalesce(sum(s.files) filter (where true ${sql.join(inList, sql` `)}), 0) as files,
           (select coalesce(json_agg(n.folder order by n.folder), '[]')::text from (
              select s.folder from stats_file_folders s where ${own} and s.folder is not null and s.files > 0
              order by s.folder limit 1000) n) as folders
    from stats_file_folders s where ${own}`;
}

/** The partner's folders and the list's size (keptFoldersOf) on their own, for the lists under a tag. */
async function keptFolders(database: Database, userId: number, q: FilesQuery, kind: 'file' | 'copy'): Promise<{ files: number; folders: string[] }> {
  const [row] = await database.query<Row>(keptFoldersOf(userId, q, kind), { prepared: true });
  return { files: num(row?.files), folders: JSON.parse(str(row?.folders ?? '[]')) as string[] };
}

const TAGGED_FILE_FIGURES = ['downloads', 'counted_downloads', 'video_views', 'sales', 'earned_micro', ...DOWNLOAD_REASONS.map((r) => `uncounted_${r}`)];
const TAGGED_FILE_SORT: Record<string, string> = {
  ...FILE_COLUMN_SORT,
  downloads_total: 'tf.downloads_total',
  video_views_total: 'tf.video_views_total',
  earned_total: 'tf.earned_total',
  sales_total: 'tf.sales_total',
  downloads_today: 'tf.downloads_today',
  video_views_today: 'tf.video_views_today',
  earned_today: 'tf.earned_today',
  sales_today: 'tf.sales_today',
};

/**
 * The files with figures under one sub-ID tag (decision 0209), with the tag's figures today and in all: from the file
 * rollup's tagged twin, "no tag" as the whole less the tagged. The hints describe the whole file, so none here.
 */
async function filesUnderTag(
  database: Database,
  userId: number,
  q: FilesQuery,
  today: string,
  where: SQL,
  subId: string,
  folders: Promise<string[]>,
): Promise<FilesAnswer> {
  const own = sql`user_id = ${userId} and project = ${q.app}`;
  const rows = underTag({
    whole: sql`select file_id, day, ${sql.raw(TAGGED_FILE_FIGURES.join(', '))} from ingest_daily_file where ${own}`,
    twinTable: 'ingest_daily_file_tag',
    keys: ['file_id', 'day'],
    figures: TAGGED_FILE_FIGURES,
    where: own,
    subId,
  });
  const todays = (c: string, as: string) => `coalesce(sum(${c}) filter (where day = '${today}'::date), 0) as ${as}`;
  const d = dir(q.sort_dir);
  const [page, folderList] = await Promise.all([
    database.query<Row>(sql`
      with tf as (
        select file_id,
          ${sql.raw(
            [
              todays('downloads', 'downloads_today'),
              todays('counted_downloads', 'counted_today'),
              ...DOWNLOAD_REASONS.map((r) => todays(`uncounted_${r}`, `uncounted_${r}`)),
              todays('video_views', 'video_views_today'),
              todays('earned_micro', 'earned_today'),
              todays('sales', 'sales_today'),
              'sum(downloads) as downloads_total',
              'sum(video_views) as video_views_total',
              'sum(earned_micro) as earned_total',
              'sum(sales) as sales_total',
            ].join(', '),
          )}
        from (${rows}) r group by file_id having ${anyNonZero(TAGGED_FILE_FIGURES)})
      select f.file_id, f.name, f.folder, f.size_bytes, f.uploaded_at, tf.*, count(*) over () as total_rows
      from tf join ingest_files f on f.user_id = ${userId} and f.project = ${q.app} and f.file_id = tf.file_id
      where ${where}
      order by ${sql.raw(TAGGED_FILE_SORT[q.sort_key]!)} ${d}, f.file_id ${d}
      limit ${q.per_page} offset ${offsetOf(q)}`),
    folders,
  ]);
  let total = num(page[0]?.total_rows);
  if (page.length === 0 && q.page > 1) {
    // Past the last page: the count still describes the whole list.
    const counted = await database.query<Row>(sql`
      select count(*) as n from (select file_id from (${rows}) r group by file_id having ${anyNonZero(TAGGED_FILE_FIGURES)}) tf
      join ingest_files f on f.user_id = ${userId} and f.project = ${q.app} and f.file_id = tf.file_id where ${where}`);
    total = num(counted[0]?.n);
  }
  return {
    data: page.map((r) => ({ ...fileRowOf(r), hints: [] })),
    meta: { page: q.page, per_page: q.per_page, total },
    folders: folderList,
  };
}
