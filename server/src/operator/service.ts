import { desc, eq, sql } from 'drizzle-orm';
import { dayOf } from '@pc/core';
import type { Database, Db } from '../db/client.ts';
import { additionalIncome, news, newsTexts, notifications, notificationTexts, staffAudit } from '../db/schema/index.ts';
import { lockKey, rows } from '../db/sql.ts';
import { writeEntry } from '../money/ledger.ts';
import { audit, type StaffActor } from './audit.ts';

type Texts = Partial<Record<string, { title: string; body: string }>>;

/** Who made an operator call and from where, for its audit row (operator/audit.ts). */
export interface CallBy {
  actor: StaffActor;
  ip: string | null;
}

/**
 * GET /actions, the log as it was before the audit log (decision 0160): the audit log's latest rows in the old
 * shape, for the CLI and older automation. `payload` is a row's `after`, with `before` beside it when it has one.
 */
export async function listActions(db: Db, limit: number) {
  const rows = await db.select().from(staffAudit).orderBy(desc(staffAudit.id)).limit(limit);
  return rows.map((r) => {
    const after = r.after && typeof r.after === 'object' && !Array.isArray(r.after) ? (r.after as Record<string, unknown>) : r.after === null ? {} : { value: r.after };
    return {
      id: r.id,
      operator: r.actorName,
      action: r.action,
      target: r.targetType === null ? '' : r.targetId === null ? r.targetType : `${r.targetType}:${r.targetId}`,
      payload: r.before === null ? after : { before: r.before, after },
      at: r.at.toISOString(),
    };
  });
}

/** Additional income: a row with its reason and an `additional` ledger entry, available at once. */
export async function addAdditionalIncome(
  db: Db,
  input: { userId: number; project: string; amount: number; reason: string; day?: string | undefined; operator: string; requestKey?: string | undefined },
  now: Date,
  /** The API call's actor; without one (tests, the demo), the shared token's, under `operator`. */
  by: CallBy = { actor: { kind: 'legacy', id: null, name: input.operator, role: 'admin' }, ip: null },
): Promise<typeof additionalIncome.$inferSelect & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const day = input.day ?? dayOf(now);
    if (input.requestKey) await lockKey(tx, `additional-income:${input.requestKey}`);
    const [existing] = input.requestKey ? await tx.select().from(additionalIncome).where(eq(additionalIncome.requestKey, input.requestKey)) : [];
    if (existing) return { ...existing, replayed: true };
    const [row] = await tx
      .insert(additionalIncome)
      .values({
        userId: input.userId,
        project: input.project,
        day,
        amountMicro: input.amount,
        reason: input.reason,
        operator: input.operator,
        createdAt: now,
        requestKey: input.requestKey ?? null,
      })
      .returning();
    const income = row!;
    await writeEntry(tx, {
      userId: income.userId,
      project: income.project,
      day,
      source: 'additional',
      bucket: 'other',
      kind: 'additional',
      amountMicro: income.amountMicro,
      availableAt: now,
      idempotencyKey: `additional:${income.id}`,
      refId: income.id,
      note: income.reason,
    });
    // Income dated on a closed day changes that day's efficiency: the closes re-run coins, levels and unlimited
    // status from it on (decision 0094), as for a late event.
    await tx.execute(sql`insert into dirty_days (user_id, project, day) values (${income.userId}, ${income.project}, ${day}::date)
      on conflict (user_id, project, day) do update set marked_at = now()`);
    await audit(
      tx,
      by.actor,
      { action: 'additional_income.add', targetType: 'user', targetId: income.userId, after: { id: income.id, project: income.project, day, amount: income.amountMicro, reason: income.reason } },
      by.ip,
      now,
    );
    return { ...income, replayed: false };
  });
}

export async function publishNews(db: Db, input: { project: string | null; texts: Texts; operator: string }, by: CallBy, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(news).values({ project: input.project, publishedAt: now, createdAt: now, createdBy: input.operator }).returning();
    const item = row!;
    const texts = Object.entries(input.texts).filter((e): e is [string, { title: string; body: string }] => Boolean(e[1]));
    await tx.insert(newsTexts).values(texts.map(([lang, t]) => ({ newsId: item.id, lang, title: t.title, body: t.body })));
    await audit(tx, by.actor, { action: 'news.publish', targetType: 'news', targetId: item.id, after: { project: input.project, texts: Object.fromEntries(texts) } }, by.ip, now);
    return item;
  });
}

export async function publishNotification(db: Db, input: { userId: number | null; texts: Texts; operator: string }, by: CallBy, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values({ userId: input.userId, createdAt: now, publishedAt: now, createdBy: input.operator }).returning();
    const item = row!;
    const texts = Object.entries(input.texts).filter((e): e is [string, { title: string; body: string }] => Boolean(e[1]));
    await tx.insert(notificationTexts).values(texts.map(([lang, t]) => ({ notificationId: item.id, lang, title: t.title, body: t.body })));
    await audit(
      tx,
      by.actor,
      { action: 'notification.publish', targetType: 'notification', targetId: item.id, after: { user_id: input.userId, texts: Object.fromEntries(texts) } },
      by.ip,
      now,
    );
    return item;
  });
}

/**
 * Sets a partner site's status to banned (partner_sites belongs to the sites/ingest area). A site the partner has
 * deleted is not found: the partner may have added the domain again, and that site is the one to ban.
 */
export async function banSite(database: Database, input: { siteId: number; reason: string }, by: CallBy, now: Date): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [before] = await rows<{ status: string }>(tx, sql`select status from partner_sites where id = ${input.siteId} and status <> 'deleted' for update`);
    if (!before) return false;
    await tx.execute(sql`update partner_sites set status = 'banned' where id = ${input.siteId}`);
    await audit(tx, by.actor, { action: 'site.ban', targetType: 'site', targetId: input.siteId, before: { status: before.status }, after: { status: 'banned', reason: input.reason } }, by.ip, now);
    return true;
  });
}

/**
 * Whether `value` has the shape of `model` (the default of a product setting): same JSON types, objects with the
 * same keys, arrays of items shaped like the model's first item. Numbers must be finite; integers stay integers.
 */
export function sameShape(model: unknown, value: unknown): boolean {
  if (typeof model === 'number') return typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(model) || Number.isInteger(value));
  if (typeof model === 'string' || typeof model === 'boolean') return typeof value === typeof model;
  if (model === null) return value === null || typeof value === 'number';
  if (Array.isArray(model)) return Array.isArray(value) && (model.length === 0 || value.every((v) => sameShape(model[0], v)));
  if (typeof model === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const keys = Object.keys(model as object);
    const given = Object.keys(value as object);
    return given.length === keys.length && keys.every((k) => k in (value as object) && sameShape((model as Record<string, unknown>)[k], (value as Record<string, unknown>)[k]));
  }
  return false;
}
