import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { partnerPrograms, users } from '../db/schema/index.ts';

/** Test helpers of the money engine: partners, rollup rows and files written directly, the ledger read back. */

export async function createPartner(
  database: Database,
  opts: { email: string; referredBy?: number | null; createdAt?: string; projects?: Array<'fd1' | 'fd2'> },
): Promise<number> {
  const createdAt = new Date(opts.createdAt ?? '2026-01-01T00:00:00Z');
  const [row] = await database.db
    .insert(users)
    .values({ email: opts.email, passwordHash: 'x', referredBy: opts.referredBy ?? null, createdAt, confirmedAt: createdAt })
    .returning({ id: users.id });
  const id = row!.id;
  for (const project of opts.projects ?? ['fd1']) {
    await database.db.insert(partnerPrograms).values({ userId: id, project, appUserId: 900_000 + id * 10 + (project === 'fd1' ? 1 : 2), activatedAt: createdAt });
  }
  return id;
}

export interface RollupFigures {
  counted_downloads?: number;
  download_earned_micro?: number;
  copy_download_earned_micro?: number;
  sales?: number;
  coin_sales?: number;
  sale_earned_micro?: number;
  copy_sale_earned_micro?: number;
  video_sale_earned_micro?: number;
  site_earned_micro?: number;
}

/** Adds figures to a partner day's rollup and marks it dirty, as an ingest transaction does. */
export async function addRollup(database: Database, userId: number, project: string, day: string, f: RollupFigures) {
  const v = {
    counted: f.counted_downloads ?? 0,
    dl: f.download_earned_micro ?? 0,
    cdl: f.copy_download_earned_micro ?? 0,
    sales: f.sales ?? 0,
    coin: f.coin_sales ?? f.sales ?? 0,
    sale: f.sale_earned_micro ?? 0,
    csale: f.copy_sale_earned_micro ?? 0,
    video: f.video_sale_earned_micro ?? 0,
    site: f.site_earned_micro ?? 0,
  };
  const earned = v.dl + v.cdl + v.sale + v.csale + v.video + v.site;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into ingest_daily (user_id, project, day, downloads, counted_downloads, download_earned_micro, copy_download_earned_micro,
        sales, coin_sales, sale_earned_micro, copy_sale_earned_micro, video_sale_earned_micro, site_earned_micro, earned_micro)
      values (${userId}, ${project}, ${day}::date, ${v.counted}, ${v.counted}, ${v.dl}, ${v.cdl}, ${v.sales}, ${v.coin}, ${v.sale}, ${v.csale}, ${v.video}, ${v.site}, ${earned})
      on conflict (user_id, project, day) do update set
        downloads = ingest_daily.downloads + excluded.downloads,
        counted_downloads = ingest_daily.counted_downloads + excluded.counted_downloads,
        download_earned_micro = ingest_daily.download_earned_micro + excluded.download_earned_micro,
        copy_download_earned_micro = ingest_daily.copy_download_earned_micro + excluded.copy_download_earned_micro,
        sales = ingest_daily.sales + excluded.sales,
        coin_sales = ingest_daily.coin_sales + excluded.coin_sales,
        sale_earned_micro = ingest_daily.sale_earned_micro + excluded.sale_earned_micro,
        copy_sale_earned_micro = ingest_daily.copy_sale_earned_micro + excluded.copy_sale_earned_micro,
        video_sale_earned_micro = ingest_daily.video_sale_earned_micro + excluded.video_sale_earned_micro,
        site_earned_micro = ingest_daily.site_earned_micro + excluded.site_earned_micro,
        earned_micro = ingest_daily.earned_micro + excluded.earned_micro`);
    await tx.execute(sql`insert into dirty_days (user_id, project, day) values (${userId}, ${project}, ${day}::date)
      on conflict (user_id, project, day) do update set marked_at = now()`);
  });
}

/** A stored file of a partner (for storage cost). */
export async function addFile(database: Database, userId: number, project: string, fileId: string, sizeBytes: number, uploadedAt: string) {
  await database.db.execute(sql`insert into ingest_files (project, file_id, user_id, kind, known, uploaded_at, size_bytes)
    values (${project}, ${fileId}, ${userId}, 'file', true, ${new Date(uploadedAt)}, ${sizeBytes})`);
}

export async function ledgerRows(database: Database, userId?: number) {
  const filter = userId === undefined ? sql`` : sql`where user_id = ${userId}`;
  return database.query<{ user_id: number; project: string | null; day: string; source: string; bucket: string; kind: string; amount_micro: number; idempotency_key: string }>(
    sql`select user_id, project, day::text as day, source, bucket, kind, amount_micro, idempotency_key from ledger_entries ${filter} order by id`,
  );
}
