import { sql } from 'drizzle-orm';
import { addDaysToInstant, INGEST_MAX_AGE_DAYS } from '@pc/core';
import type { Database } from '../db/client.ts';
import { sessionRanOut } from '../plumbing/session/service.ts';

/**
 * How long spent records stay (decision 0061). A confirmation or restore link that has expired or been
 * used still answers "expired" / "already used" for this long, then "invalid link"; mails stay readable in
 * the dev mailbox and for support.
 */
export const TOKEN_KEEP_DAYS = 30;
export const OUTBOX_KEEP_DAYS = 30;
/**
 * A postback delivery that ended (delivered or given up) stays in the partner's log this long after it was
 * created (decision 0123); the log shows the latest 50 per project, so a partner who sells rarely still sees a
 * quarter's deliveries. Pending ones are never removed.
 */
export const POSTBACK_KEEP_DAYS = 90;

/**
 * Raw events and their dedup keys stay this long past the statistics window (decision 0203): an event older than the
 * window is refused as too_old, so its key is no longer needed; the margin covers a sender's clock and the month's edge.
 */
export const RAW_EVENTS_MARGIN_DAYS = 31;

export interface HousekeepingResult {
  sessions: number;
  tokens: number;
  mails: number;
  postbacks: number;
  /** Monthly partitions of raw events and of their dedup keys dropped (each table's counted). */
  rawPartitions: number;
}

/** The first instant of the oldest month whose raw events are kept at `now`: months wholly before it are dropped. */
export function rawEventsKeptFrom(now: Date): Date {
  const edge = addDaysToInstant(now, -(INGEST_MAX_AGE_DAYS + RAW_EVENTS_MARGIN_DAYS));
  return new Date(Date.UTC(edge.getUTCFullYear(), edge.getUTCMonth(), 1));
}

/**
 * Drops the monthly partitions of raw events and dedup keys that end before rawEventsKeptFrom(now): a whole table at
 * a time (no row-by-row delete, no bloat, the space back at once). The rollups, state and ledger stay.
 */
export async function dropOldRawPartitions(database: Database, now: Date): Promise<number> {
  const keptFrom = rawEventsKeptFrom(now);
  const parts = await database.query<{ name: string }>(
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent in ('ingest_events'::regclass, 'ingest_event_keys'::regclass)
          and c.relname ~ '^ingest_(events|event_keys)_[0-9]{6}$'`,
  );
  let dropped = 0;
  for (const { name } of parts) {
    const suffix = name.slice(-6);
    const monthEnd = Date.UTC(Number(suffix.slice(0, 4)), Number(suffix.slice(4, 6)), 1);
    if (monthEnd > keptFrom.getTime()) continue;
    await database.query(sql`drop table if exists ${sql.identifier(name)}`);
    dropped++;
  }
  return dropped;
}

async function deleted(database: Database, statement: ReturnType<typeof sql>): Promise<number> {
  const rows = await database.query<{ n: number }>(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  return rows[0]?.n ?? 0;
}

/**
 * Deletes sessions past their idle or absolute expiry, spent one-time tokens (with the second factor's pending steps
 * and WebAuthn challenges), old mails and ended postbacks.
 */
export async function housekeeping(database: Database, now: Date): Promise<HousekeepingResult> {
  const tokensBefore = addDaysToInstant(now, -TOKEN_KEEP_DAYS);
  const mailsBefore = addDaysToInstant(now, -OUTBOX_KEEP_DAYS);
  const postbacksBefore = addDaysToInstant(now, -POSTBACK_KEEP_DAYS);
  return {
    sessions: await deleted(database, sql`delete from sessions where ${sessionRanOut(now)}`),
    tokens:
      (await deleted(
        database,
        sql`delete from one_time_tokens where expires_at <= ${tokensBefore} or used_at <= ${tokensBefore}`,
      )) +
      // The second factor's pending sign-in steps and WebAuthn challenges live minutes: gone a day after (decision 0190).
      (await deleted(database, sql`delete from sign_in_pending where expires_at <= ${addDaysToInstant(now, -1)}`)) +
      (await deleted(database, sql`delete from webauthn_challenges where expires_at <= ${addDaysToInstant(now, -1)}`)),
    mails: await deleted(database, sql`delete from mail_outbox where created_at <= ${mailsBefore}`),
    postbacks: await deleted(
      database,
      sql`delete from postback_deliveries where next_attempt_at is null and created_at <= ${postbacksBefore}`,
    ),
    rawPartitions: await dropOldRawPartitions(database, now),
  };
}
