import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  additionalIncomeAnswer,
  additionalIncomeBody,
  operatorActionsAnswer,
  operatorActionsQuery,
  operatorBalanceAnswer,
  operatorIdParam,
  operatorNewsAnswer,
  operatorNewsBody,
  operatorNotificationAnswer,
  operatorNotificationBody,
  operatorPayout,
  operatorPayoutAnswer,
  operatorPayoutMoveBody,
  operatorPayoutsAnswer,
  operatorPayoutsQuery,
  siteBanAnswer,
  siteBanBody,
} from '@pc/core';
import { AppError } from '../lib/errors.ts';
import { payoutRequests, purses, users } from '../db/schema/index.ts';
import { can } from '@pc/core';
import { loadProduct } from '../money/product.ts';
import { balanceOf } from '../money/balance.ts';
import { payoutHistory } from '../money/payouts.ts';
import { payableWalletDetails, shownWalletDetails, walletKeys } from '../money/wallets.ts';
import { actorOf, operatorAccess } from './access.ts';
import { staffAdminRoutes } from './admin-routes.ts';
import { audit } from './audit.ts';
import { staffSessionRoutes } from './session-routes.ts';
import { consoleContentRoutes } from './console-content.ts';
import { consoleSettingsRoutes } from './console-settings.ts';
import { consoleOverviewRoutes } from './console-overview.ts';
import { consolePartnerRoutes } from './console-partners.ts';
import { consoleFlaggedRoutes } from './console-flagged.ts';
import { consolePayoutRoutes, moveQueued, viewPayout } from './console-payouts.ts';
import { addAdditionalIncome, banSite, listActions, publishNews, publishNotification } from './service.ts';


/**
 * The operator API (docs/operator.md): the staff console's calls and automation's. Every route names the permission
 * it needs (config.permission, operator/access.ts); every change writes its audit row in its own transaction.
 */
export async function operatorRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  operatorAccess(app);
  await app.register(staffSessionRoutes);
  await app.register(staffAdminRoutes);
  await app.register(consoleOverviewRoutes);
  await app.register(consolePayoutRoutes);
  await app.register(consoleFlaggedRoutes);
  await app.register(consolePartnerRoutes);
  await app.register(consoleContentRoutes);
  await app.register(consoleSettingsRoutes);

  async function resolvePartner(ref: { user_id?: number | undefined; email?: string | undefined }): Promise<number> {
    const where = ref.user_id !== undefined ? eq(users.id, ref.user_id) : ref.email !== undefined ? eq(users.email, ref.email) : undefined;
    if (!where) throw new AppError('validation_failed', undefined, { user_id: [{ key: 'validation:required', params: { field: 'user_id' } }] });
    const [row] = await db.select({ id: users.id }).from(users).where(where);
    if (!row) throw new AppError('not_found', { key: 'operator:partner_not_found' });
    return row.id;
  }

  app.get(
    '/payouts',
    {
      config: { permission: 'payouts.read' },
      schema: {
        tags: ['operator'],
        querystring: operatorPayoutsQuery,
        response: { 200: operatorPayoutsAnswer },
      },
    },
    async (request) => {
      const q = request.query;
      const conditions = [q.status ? eq(payoutRequests.status, q.status) : undefined, q.user_id ? eq(payoutRequests.userId, q.user_id) : undefined].filter(
        (c) => c !== undefined,
      );
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await db
        .select()
        .from(payoutRequests)
        .where(where)
        .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(payoutRequests).where(where);
      return { data: rows.map(viewPayout), meta: { page: q.page, per_page: q.per_page, total: total?.n ?? 0 } };
    },
  );

  app.get(
    '/payouts/:id',
    {
      config: { permission: 'payouts.read' },
      schema: {
        tags: ['operator'],
        params: operatorIdParam,
        response: { 200: operatorPayoutAnswer },
      },
    },
    async (request) => {
      const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, request.params.id));
      if (!row) throw new AppError('not_found', { key: 'operator:payout_not_found' });
      const history = await payoutHistory(db, row.id);
      const [wallet] = row.walletId === null ? [] : await db.select().from(purses).where(and(eq(purses.id, row.walletId), eq(purses.userId, row.userId)));
      const actor = actorOf(request);
      // A card's whole number only for roles that pay (wallets.read), and each such reading is audited; others see
      // the details as stored (a card masked to its last four digits).
      const whole = Boolean(wallet) && can(actor.role, 'wallets.read');
      let details: Record<string, string> = {};
      if (wallet && whole) {
        details = payableWalletDetails(walletKeys(config.PAYOUT_DETAILS_KEY), wallet);
        const now = clock.now();
        await db.transaction((tx) =>
          audit(tx, actor, { action: 'payout.wallet_viewed', targetType: 'payout', targetId: row.id, after: { wallet_id: wallet.id } }, request.ip, now),
        );
      } else if (wallet) details = shownWalletDetails(wallet.system, wallet.details);
      return {
        ...viewPayout(row),
        history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, reason: h.reason, actor: h.actor, at: h.at.toISOString() })),
        wallet: wallet ? { id: wallet.id, type: wallet.system, details, removed: wallet.deletedAt !== null } : null,
      };
    },
  );

  app.post(
    '/payouts/:id/status',
    {
      config: { permission: 'payouts.move' },
      schema: {
        tags: ['operator'],
        params: operatorIdParam,
        body: operatorPayoutMoveBody,
        response: { 200: operatorPayout },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      if (status === 'rejected' && !reason)
        throw new AppError('validation_failed', undefined, { reason: [{ key: 'operator:reason_required' }] });
      // The console's queue and this call move a request the same way, four-eyes rule included (decision 0162): the
      // money module's move, its audit row in the same transaction, then the partner's mail once it has committed.
      const moved = await moveQueued(app.ctx, request.log, { actor: actorOf(request), label: request.operator, ip: request.ip }, { id: request.params.id, to: status, reason: reason ?? '' });
      return viewPayout(moved);
    },
  );

  app.post(
    '/additional-income',
    {
      config: { permission: 'additional_income.write' },
      schema: {
        tags: ['operator'],
        body: additionalIncomeBody,
        response: { 200: additionalIncomeAnswer },
      },
    },
    async (request) => {
      const userId = await resolvePartner(request.body);
      const now = clock.now();
      const header = request.headers['idempotency-key'];
      const requestKey = typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : undefined;
      const row = await addAdditionalIncome(db, { ...request.body, userId, operator: request.operator, requestKey }, now, { actor: actorOf(request), ip: request.ip });
      if (row.replayed && (row.userId !== userId || row.amountMicro !== request.body.amount || row.project !== request.body.project))
        throw new AppError('conflict', { key: 'operator:idempotency_key_reused' });
      return {
        id: row.id,
        user_id: row.userId,
        project: row.project as 'fd1' | 'fd2',
        day: row.day,
        amount: row.amountMicro,
        reason: row.reason,
        replayed: row.replayed,
      };
    },
  );

  app.post(
    '/news',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: ['operator'],
        body: operatorNewsBody,
        response: { 200: operatorNewsAnswer },
      },
    },
    async (request) => {
      const row = await publishNews(db, { project: request.body.project ?? null, texts: request.body.texts, operator: request.operator }, { actor: actorOf(request), ip: request.ip }, clock.now());
      return { id: row.id, published_at: row.publishedAt.toISOString(), langs: Object.keys(request.body.texts).sort() };
    },
  );

  app.post(
    '/notifications',
    {
      config: { permission: 'content.write' },
      schema: {
        tags: ['operator'],
        body: operatorNotificationBody,
        response: { 200: operatorNotificationAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      const userId = body.all ? null : await resolvePartner(body);
      const row = await publishNotification(db, { userId, texts: body.texts, operator: request.operator }, { actor: actorOf(request), ip: request.ip }, clock.now());
      return { id: row.id, user_id: row.userId, created_at: row.createdAt.toISOString() };
    },
  );

  app.post(
    '/sites/:id/ban',
    {
      config: { permission: 'sites.ban' },
      schema: {
        tags: ['operator'],
        params: operatorIdParam,
        body: siteBanBody,
        response: { 200: siteBanAnswer },
      },
    },
    async (request) => {
      const ok = await banSite(database, { siteId: request.params.id, reason: request.body.reason }, { actor: actorOf(request), ip: request.ip }, clock.now());
      if (!ok) throw new AppError('not_found', { key: 'operator:site_not_found' });
      return { id: request.params.id, status: 'banned' as const };
    },
  );

  app.get(
    '/actions',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['operator'],
        querystring: operatorActionsQuery,
        response: { 200: operatorActionsAnswer },
      },
    },
    async (request) => {
      return { data: await listActions(db, request.query.limit) };
    },
  );

  /** A partner's money as the balance calls see it, for reviewing a payout request. */
  app.get(
    '/partners/:id/balance',
    {
      config: { permission: 'balance.read' },
      schema: {
        tags: ['operator'],
        params: operatorIdParam,
        response: { 200: operatorBalanceAnswer },
      },
    },
    async (request) => {
      const userId = await resolvePartner({ user_id: request.params.id });
      const b = await balanceOf(db, userId, clock.now(), await loadProduct(db));
      return {
        user_id: userId,
        earnings: b.earnings,
        live: b.live,
        payouts_accepted: b.payoutsAccepted,
        in_progress: b.payoutsInProgress,
        balance: b.balance,
        hold: b.hold,
        available: b.available,
      };
    },
  );
}
