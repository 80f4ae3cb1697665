import { and, asc, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery, AuditRow, StaffActorKind, StaffRole } from '@pc/core';
import type { Db } from '../db/client.ts';
import { staffAudit } from '../db/schema/index.ts';
import type { Tx } from '../db/sql.ts';

/**
 * The audit log of the operator API (decision 0160): who (a staff member, a named token, or the shared token
 * with an X-Operator name), in which role, did what to what, with what before and after, from where and when.
 * Every change an operator call makes writes its row with audit() in the change's own transaction, so there is no
 * change without its row and no row without its change. The table is append-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE). Passwords, their hashes and authenticator secrets never go into before/after.
 */
export interface StaffActor {
  kind: StaffActorKind;
  /** staff.id, operator_tokens.id; null for the shared token. */
  id: number | null;
  name: string;
  role: StaffRole;
}

export interface AuditEntry {
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** How an actor is named where the records keep a name only (a payout's history, who published news). */
export function actorLabel(actor: StaffActor): string {
  return actor.kind === 'legacy' ? actor.name : `${actor.kind}:${actor.id}:${actor.name}`;
}

export async function audit(tx: Tx, actor: StaffActor, entry: AuditEntry, ip: string | null, now: Date): Promise<void> {
  await tx.insert(staffAudit).values({
    at: now,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    role: actor.role,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip,
  });
}

/** The start of a UTC day given as YYYY-MM-DD, else the moment given. */
const fromInstant = (v: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
/** The end (exclusive) of a UTC day given as YYYY-MM-DD, else the moment given. */
const toInstant = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(new Date(`${v}T00:00:00Z`).getTime() + 86_400_000) : new Date(v));

/** LIKE's own characters in a prefix, escaped. */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type AuditFilters = Omit<AuditQuery, 'page' | 'per_page'>;

function auditWhere(q: AuditFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (q.staff_id !== undefined) conditions.push(and(eq(staffAudit.actorKind, 'staff'), eq(staffAudit.actorId, q.staff_id)));
  if (q.token_id !== undefined) conditions.push(and(eq(staffAudit.actorKind, 'token'), eq(staffAudit.actorId, q.token_id)));
  if (q.actor_kind !== undefined) conditions.push(eq(staffAudit.actorKind, q.actor_kind));
  if (q.action !== undefined) conditions.push(q.action.endsWith('.') ? like(staffAudit.action, likePrefix(q.action)) : eq(staffAudit.action, q.action));
  if (q.target !== undefined) {
    const colon = q.target.indexOf(':');
    conditions.push(
      colon < 0
        ? eq(staffAudit.targetType, q.target)
        : and(eq(staffAudit.targetType, q.target.slice(0, colon)), eq(staffAudit.targetId, q.target.slice(colon + 1))),
    );
  }
  if (q.from !== undefined) conditions.push(gte(staffAudit.at, fromInstant(q.from)));
  if (q.to !== undefined) conditions.push(lt(staffAudit.at, toInstant(q.to)));
  const present = conditions.filter((c) => c !== undefined);
  return present.length ? and(...present) : undefined;
}

type AuditRecord = typeof staffAudit.$inferSelect;

export function auditView(r: AuditRecord): AuditRow {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { kind: r.actorKind, id: r.actorId, name: r.actorName },
    role: r.role,
    action: r.action,
    target: r.targetType === null ? null : { type: r.targetType, id: r.targetId ?? '' },
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
  };
}

/** One page of the log, newest first, with the number of matching rows. */
export async function listAudit(db: Db, q: AuditQuery): Promise<{ rows: AuditRecord[]; total: number }> {
  const where = auditWhere(q);
  const rows = await db
    .select()
    .from(staffAudit)
    .where(where)
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: count() }).from(staffAudit).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every matching row, oldest first, read a page at a time (keyset on id). */
export async function* allAudit(db: Db, q: AuditFilters, pageSize = 1000): AsyncGenerator<AuditRecord> {
  const where = auditWhere(q);
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(staffAudit)
      .where(and(where, sql`${staffAudit.id} > ${after}`))
      .orderBy(asc(staffAudit.id))
      .limit(pageSize);
    for (const row of page) yield row;
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}

export const AUDIT_CSV_COLUMNS = ['id', 'at', 'actor_kind', 'actor_id', 'actor_name', 'role', 'action', 'target_type', 'target_id', 'before', 'after', 'ip'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text that a
 * spreadsheet would take for a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe, so opening the export never runs what a name or reason says; plain numbers are left as they are.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function auditCsvLine(r: AuditRecord): string {
  const v = auditView(r);
  return [v.id, v.at, v.actor.kind, v.actor.id, v.actor.name, v.role, v.action, v.target?.type, v.target?.id, v.before, v.after, v.ip].map(csvField).join(',');
}
