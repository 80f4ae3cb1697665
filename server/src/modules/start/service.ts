import { sql } from 'drizzle-orm';
import { START_STEPS, showsStartBanner, type ProjectId, type StartAnswer, type StartStep, type StartStepId } from '@pc/core';
import type { Database } from '../../db/client.ts';

/**
 * The get-started steps of a partner, derived from the real state (contract core/src/contracts/start.ts):
 * each is the earliest row that proves it, so a step once done stays done while its evidence exists.
 */

interface Proof {
  at: Date | string | null;
  project: ProjectId | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

async function first(database: Database, query: ReturnType<typeof sql>): Promise<Proof> {
  const [row] = await database.query<Proof>(query);
  return row ?? { at: null, project: null };
}

export async function startSteps(database: Database, userId: number): Promise<StartAnswer> {
  const [[user], program, upload, download, plan, wallet] = await Promise.all([
    database.query<{ dismissed: boolean }>(sql`select start_banner_dismissed_at is not null as dismissed from users where id = ${userId}`),
    first(database, sql`select activated_at as at, project from partner_programs where user_id = ${userId} order by activated_at, project limit 1`),
    first(
      database,
      sql`select uploaded_at as at, project from ingest_files
        where user_id = ${userId} and kind = 'file' and known and uploaded_at is not null order by uploaded_at limit 1`,
    ),
    first(
      database,
      sql`select day::timestamp at time zone 'UTC' as at, project from ingest_daily
        where user_id = ${userId} and downloads > 0 order by day, project limit 1`,
    ),
    // A plan the partner chose: any row but the one activation wrote (effective_from = chosen_at = activated_at).
    first(
      database,
      sql`select p.chosen_at as at, p.project from partner_plans p
        join partner_programs g on g.user_id = p.user_id and g.project = p.project
        where p.user_id = ${userId} and (p.effective_from <> g.activated_at or p.chosen_at <> g.activated_at)
        order by p.chosen_at limit 1`,
    ),
    first(database, sql`select created_at as at, null as project from purses where user_id = ${userId} and deleted_at is null order by created_at limit 1`),
  ]);
  const proofs: Record<StartStepId, Proof> = { program, upload, download, plan, wallet };
  const steps: StartStep[] = START_STEPS.map((id) => {
    const proof = proofs[id];
    const done = proof.at !== null;
    // A plan not yet chosen is chosen on the rates page of the first activated programme.
    const project = proof.project ?? (id === 'plan' ? program.project : null);
    return { id, done, done_at: done ? iso(proof.at!) : null, ...(project ? { project } : {}) };
  });
  const done = steps.filter((s) => s.done).length;
  return { steps, done, total: steps.length, banner: showsStartBanner({ done, total: steps.length, dismissed: user?.dismissed === true }) };
}

/** The partner dismisses the get-started banner for good: the first dismissal's time is kept. */
export async function dismissStartBanner(database: Database, userId: number, now: Date): Promise<void> {
  await database.query(sql`update users set start_banner_dismissed_at = coalesce(start_banner_dismissed_at, ${now.toISOString()}::timestamptz) where id = ${userId}`);
}
