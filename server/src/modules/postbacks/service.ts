import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { PROJECTS, type PostbackDelivery, type PostbackProject, type PostbacksAnswer, type ProjectId } from '@pc/core';
import type { AppContext } from '../../context.ts';
import { postbackDeliveries, postbackEndpoints, postbackSecrets } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { checkOutboundUrl, OutboundError } from '../../lib/outbound.ts';
import { attemptPostback, newPostbackSecret, POSTBACK_LEASE_MS, type AttemptOutcome } from '../../lib/postbacks.ts';

/** The page's delivery log: this many per project, newest first. */
export const POSTBACK_LOG_SIZE = 50;

type DeliveryRecord = typeof postbackDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function deliveryView(d: DeliveryRecord): PostbackDelivery {
  return {
    id: d.id,
    event: d.event,
    created_at: d.createdAt.toISOString(),
    state: d.deliveredAt ? 'delivered' : d.givenUpAt ? 'failed' : 'pending',
    attempts: d.attempts,
    last_attempt_at: iso(d.lastAttemptAt),
    next_attempt_at: d.deliveredAt || d.givenUpAt ? null : iso(d.nextAttemptAt),
    delivered_at: iso(d.deliveredAt),
    status_code: d.statusCode,
    error: d.error,
  };
}

async function projectView(ctx: AppContext, userId: number, project: ProjectId): Promise<PostbackProject> {
  const { db } = ctx.database;
  const [endpoint] = await db
    .select()
    .from(postbackEndpoints)
    .where(and(eq(postbackEndpoints.userId, userId), eq(postbackEndpoints.project, project)));
  const deliveries = await db
    .select()
    .from(postbackDeliveries)
    .where(and(eq(postbackDeliveries.userId, userId), eq(postbackDeliveries.project, project)))
    .orderBy(desc(postbackDeliveries.id))
    .limit(POSTBACK_LOG_SIZE);
  return { project, url: endpoint?.url ?? null, updated_at: iso(endpoint?.updatedAt ?? null), deliveries: deliveries.map(deliveryView) };
}

async function secretOf(ctx: AppContext, userId: number): Promise<string | null> {
  const [row] = await ctx.database.db.select().from(postbackSecrets).where(eq(postbackSecrets.userId, userId));
  return row?.secret ?? null;
}

/** GET /postbacks: the signing secret and, per project, the URL and the latest deliveries. */
export async function postbacksOf(ctx: AppContext, userId: number): Promise<PostbacksAnswer> {
  const projects: PostbackProject[] = [];
  for (const project of PROJECTS) projects.push(await projectView(ctx, userId, project));
  return { secret: await secretOf(ctx, userId), projects };
}

const policyOf = (ctx: AppContext) => ({
  allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE,
  httpsOnly: !ctx.config.OUTBOUND_ALLOW_PRIVATE,
  standardPortsOnly: ctx.config.NODE_ENV === 'production',
});

/**
 * PUT /postbacks/{project}: an https URL whose host resolves to public addresses only (the same rule is applied
 * again at every delivery). The partner's secret is made with the first URL.
 */
export async function saveEndpoint(ctx: AppContext, userId: number, project: ProjectId, raw: string): Promise<{ project: PostbackProject; secret: string }> {
  let url: URL;
  try {
    url = await checkOutboundUrl(raw.trim(), policyOf(ctx));
  } catch (error) {
    if (error instanceof OutboundError) throw fieldError('url', `postbacks:reasons.${error.reason}`);
    throw error;
  }
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(postbackEndpoints)
      .values({ userId, project, url: url.toString(), createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [postbackEndpoints.userId, postbackEndpoints.project], set: { url: url.toString(), updatedAt: now } });
    await tx.insert(postbackSecrets).values({ userId, secret: newPostbackSecret(), createdAt: now }).onConflictDoNothing();
  });
  return { project: await projectView(ctx, userId, project), secret: (await secretOf(ctx, userId))! };
}

const notFound = () => new AppError('not_found', { key: 'postbacks:not_found' });

/** DELETE /postbacks/{project}: the URL goes; its pending deliveries are given up. */
export async function removeEndpoint(ctx: AppContext, userId: number, project: ProjectId): Promise<PostbackProject> {
  const now = ctx.clock.now();
  const removed = await ctx.database.db.transaction(async (tx) => {
    const gone = await tx
      .delete(postbackEndpoints)
      .where(and(eq(postbackEndpoints.userId, userId), eq(postbackEndpoints.project, project)))
      .returning({ url: postbackEndpoints.url });
    if (!gone.length) return false;
    await tx
      .update(postbackDeliveries)
      .set({ nextAttemptAt: null, givenUpAt: now, error: 'endpoint_removed' })
      .where(
        and(
          eq(postbackDeliveries.userId, userId),
          eq(postbackDeliveries.project, project),
          isNull(postbackDeliveries.deliveredAt),
          isNull(postbackDeliveries.givenUpAt),
        ),
      );
    return true;
  });
  if (!removed) throw notFound();
  return projectView(ctx, userId, project);
}

/** POST /postbacks/{project}/test: a test event sent at once (tried once, not retried); answers its delivery. */
export async function sendTest(ctx: AppContext, userId: number, project: ProjectId): Promise<{ outcome: AttemptOutcome; delivery: PostbackDelivery }> {
  const { db } = ctx.database;
  const [endpoint] = await db
    .select()
    .from(postbackEndpoints)
    .where(and(eq(postbackEndpoints.userId, userId), eq(postbackEndpoints.project, project)));
  if (!endpoint) throw notFound();
  const now = ctx.clock.now();
  const [row] = await db
    .insert(postbackDeliveries)
    .values({
      userId,
      project,
      event: 'test',
      eventKey: `test:${randomBytes(12).toString('hex')}`,
      data: { message: 'A test postback from the partner cabinet.', at: now.toISOString() },
      createdAt: now,
      // Leased at once: the scheduled job leaves it to this call.
      nextAttemptAt: new Date(now.getTime() + POSTBACK_LEASE_MS),
    })
    .returning();
  const outcome = await attemptPostback(
    ctx,
    { id: row!.id, user_id: userId, project, event: 'test', data: row!.data, created_at: row!.createdAt, attempts: 0, first_attempt_at: null },
    { retry: false },
  );
  const [after] = await db.select().from(postbackDeliveries).where(eq(postbackDeliveries.id, row!.id));
  return { outcome, delivery: deliveryView(after!) };
}

/** POST /postbacks/secret/rotate: a new signing secret, in use at once for every project. */
export async function rotateSecret(ctx: AppContext, userId: number): Promise<string> {
  const now = ctx.clock.now();
  const secret = newPostbackSecret();
  await ctx.database.db
    .insert(postbackSecrets)
    .values({ userId, secret, createdAt: now, rotatedAt: now })
    .onConflictDoUpdate({ target: postbackSecrets.userId, set: { secret, rotatedAt: now } });
  return secret;
}
