import { sql } from 'drizzle-orm';
import { DOWNLOAD_REASONS, type ProjectId } from '@pc/core';
import type { TestApp } from '../../test/harness.ts';
import { bumpPartnerGenerations } from '../../plumbing/read-cache.ts';
import { createSession } from '../../plumbing/session/service.ts';

/** Test helpers of the statistics, earnings and dashboard suites: partners with sessions, and rows. */

export interface TestPartner {
  id: number;
  /** The partner's id in each activated project (what the file hosts' events name). */
  app: Partial<Record<ProjectId, number>>;
  cookie: string;
  get(url: string, query?: Record<string, string | number | boolean>, headers?: Record<string, string>): Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
}

export async function signedInPartner(t: TestApp, email: string, projects: ProjectId[] = ['fd1']): Promise<TestPartner> {
  const [row] = await t.ctx.database.query<{ id: number }>(
    sql`insert into users (email, password_hash) values (${email}, 'not-a-hash') returning id`,
  );
  const id = Number(row!.id);
  const app: Partial<Record<ProjectId, number>> = {};
  for (const project of projects) {
    const [p] = await t.ctx.database.query<{ app_user_id: number }>(
      sql`insert into partner_programs (user_id, project) values (${id}, ${project}) returning app_user_id`,
    );
    app[project] = Number(p!.app_user_id);
  }
  const token = await createSession(t.ctx.database.db, id, t.clock.now(), { ip: '127.0.0.1', userAgent: 'test' });
  const cookie = `pc_session=${token}`;
  return {
    id,
    app,
    cookie,
    get: (url, query = {}, headers = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers: { cookie, 'x-localization': 'en', ...headers },
      }),
  };
}

/**
 * Inserts rows (objects with the same keys) into a table. Rows of partners are a write of their figures, so it
 * raises their generation as ingest does (answers kept before are not served again, decision 0093).
 */
export async function insertRows(t: TestApp, table: string, rows: Array<Record<string, unknown>>) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const values = rows.map((r) => sql`(${sql.join(columns.map((c) => sql`${r[c] ?? null}`), sql`, `)})`);
  await t.ctx.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)}) values ${sql.join(values, sql`, `)}`,
    );
    await bumpPartnerGenerations(tx, rows.flatMap((r) => (r.user_id == null ? [] : [Number(r.user_id)])));
  });
}

/** A day of the ingest_daily rollup with `earned_micro` as the sum of its parts. */
export function daily(userId: number, project: ProjectId, day: string, f: Record<string, number>) {
  const parts = ['download_earned_micro', 'copy_download_earned_micro', 'sale_earned_micro', 'copy_sale_earned_micro', 'video_sale_earned_micro', 'site_earned_micro'];
  const row: Record<string, unknown> = {
    user_id: userId,
    project,
    day,
    downloads: 0,
    sales: 0,
    video_sales: 0,
    copies: 0,
    counted_downloads: 0,
    ...Object.fromEntries(DOWNLOAD_REASONS.map((r) => [`uncounted_${r}`, 0])),
    ...Object.fromEntries(parts.map((p) => [p, 0])),
    ...f,
  };
  row.earned_micro = parts.reduce((s, p) => s + Number(row[p]), 0);
  return row;
}

/** Sends events through the ingest API as the project's file host; every event must be accepted. */
export async function ingest(t: TestApp, project: ProjectId, events: Array<Record<string, unknown>>) {
  const token = project === 'fd1' ? t.ctx.config.INGEST_TOKEN_FD1 : t.ctx.config.INGEST_TOKEN_FD2;
  const res = await t.app.inject({
    method: 'POST',
    url: `/ingest/v1/${project}/events`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(events),
  });
  const body = res.json() as { accepted: number; results: Array<{ status: string; message?: string }> };
  if (res.statusCode !== 200 || body.accepted !== events.length) throw new Error(`ingest refused events: ${res.body}`);
  return body;
}
