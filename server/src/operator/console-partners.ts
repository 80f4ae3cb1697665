import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, lte, not, sql, type SQL } from 'drizzle-orm';
import {
  additionalIncomeAnswer,
  operatorIdParam,
  PAYOUT_SYSTEMS,
  partnerAnswer,
  partnerBlockAnswer,
  partnerBlockBody,
  partnerSecondFactorResetAnswer,
  partnerIncomeBody,
  partnerLedgerAnswer,
  partnerLedgerCsvQuery,
  partnerLedgerQuery,
  partnerMailsAnswer,
  partnerReferralsAnswer,
  partnerSessionParam,
  partnerSessionsAnswer,
  partnerSessionsEndedAnswer,
  partnersAnswer,
  partnersQuery,
  partnerSitesAnswer,
  siteUnbanAnswer,
  siteUnbanBody,
  viewAsAnswer,
  viewAsParam,
  isLangCode,
  type PayoutSystem,
} from '@pc/core';
import type { Db } from '../db/client.ts';
import { ledgerEntries, mailOutbox, partnerSites, sessions, users } from '../db/schema/index.ts';
import { rows } from '../db/sql.ts';
import { AppError } from '../lib/errors.ts';
import { balanceOf } from '../money/balance.ts';
import { loadProduct } from '../money/product.ts';
import { WALLET_IDENTIFYING_FIELD, walletFingerprint, walletKeys } from '../money/wallets.ts';
import { createSession, OPERATOR_VIEW_MS, revokeAllSessions, SESSION_COOKIE, sessionRanOut, sessionsEnded } from '../plumbing/session/service.ts';
import { consumeToken, issueToken, TOKEN_TTL_MS } from '../plumbing/session/tokens.ts';
import { noticeMail, resetSecondFactor, secondFactorMethods } from '../plumbing/second-factor.ts';
import { actorOf } from './access.ts';
import { audit, csvField, type StaffActor } from './audit.ts';
import { addAdditionalIncome } from './service.ts';

/**
 * The console's Partners (decision 0162): search, a partner's profile, status, programmes, balance and ledger,
 * blocking (which ends their sessions), their sessions, additional income, sites, referrals, mails, and a
 * read-only view of their cabinet.
 */
type UserRow = typeof users.$inferSelect;

const statusOf = (u: UserRow) => ({
  state: u.isActive ? ('active' as const) : ('blocked' as const),
  reason: u.isActive ? null : u.operatorBlockReason,
  blocked_at: u.isActive ? null : (u.operatorBlockedAt?.toISOString() ?? null),
  sign_in_locked: u.blockedAt !== null,
});

const nameOf = (u: UserRow) => [u.firstName, u.lastName].filter(Boolean).join(' ');

/** LIKE's own characters escaped, for a contains-search. */
const contains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How many partners each kind of match may add to a search (a console search, not an export). */
const SEARCH_LIMIT = 500;

/**
 * Partners matching a search, each with what matched, in this order: id, e-mail, name, wallet (its fields as
 * stored, or its fingerprint: a card number typed whole finds the card by the fingerprint, the number itself is
 * never stored in the clear), site domain, sign-in address (sessions kept).
 */
export async function searchPartners(db: Db, payoutDetailsKey: string, q: string): Promise<Array<{ id: number; matched: string }>> {
  const found = new Map<number, string>();
  const add = (ids: Array<{ id: number }>, matched: string) => {
    for (const { id } of ids) if (!found.has(Number(id))) found.set(Number(id), matched);
  };
  const term = q.trim();
  if (/^\d+$/.test(term) && Number(term) <= Number.MAX_SAFE_INTEGER) add(await rows(db, sql`select id from users where id = ${Number(term)}`), 'id');
  add(await rows(db, sql`select id from users where email ilike ${contains(term)} order by id limit ${SEARCH_LIMIT}`), 'email');
  add(await rows(db, sql`select id from users where (first_name || ' ' || last_name) ilike ${contains(term)} order by id limit ${SEARCH_LIMIT}`), 'name');
  const keys = walletKeys(payoutDetailsKey);
  // The identifying field as typed, without spaces, and upper-cased (a purse, an IBAN): one of them is how it was stored.
  const variants = [...new Set([term, term.replace(/\s+/g, ''), term.replace(/\s+/g, '').toUpperCase()])];
  const prints = (PAYOUT_SYSTEMS as readonly PayoutSystem[]).flatMap((system) =>
    variants.map((v) => walletFingerprint(keys, system, { [WALLET_IDENTIFYING_FIELD[system]]: v })),
  );
  add(
    await rows(
      db,
      sql`select distinct user_id as id from purses
          where details::text ilike ${contains(term)} or fingerprint = ${term.toLowerCase()} or fingerprint in (${sql.join(prints.map((p) => sql`${p}`), sql`, `)})
          order by user_id limit ${SEARCH_LIMIT}`,
    ),
    'wallet',
  );
  add(await rows(db, sql`select distinct user_id as id from partner_sites where domain ilike ${contains(term.toLowerCase())} order by user_id limit ${SEARCH_LIMIT}`), 'site');
  add(await rows(db, sql`select distinct user_id as id from sessions where ip = ${term} and operator_view is null order by user_id limit ${SEARCH_LIMIT}`), 'address');
  return [...found].map(([id, matched]) => ({ id, matched }));
}

function ledgerWhere(userId: number, q: { kind?: string | undefined; source?: string | undefined; project?: string | undefined; from?: string | undefined; to?: string | undefined }): SQL {
  const conditions: Array<SQL | undefined> = [
    eq(ledgerEntries.userId, userId),
    q.kind ? sql`${ledgerEntries.kind} = ${q.kind}` : undefined,
    q.source ? sql`${ledgerEntries.source} = ${q.source}` : undefined,
    q.project ? eq(ledgerEntries.project, q.project) : undefined,
    q.from ? gte(ledgerEntries.day, q.from) : undefined,
    q.to ? lte(ledgerEntries.day, q.to) : undefined,
  ];
  return and(...conditions.filter((c) => c !== undefined))!;
}

type LedgerRow = typeof ledgerEntries.$inferSelect;
const ledgerView = (e: LedgerRow) => ({
  id: e.id,
  day: e.day,
  project: e.project,
  source: e.source,
  bucket: e.bucket,
  kind: e.kind,
  amount: e.amountMicro,
  available_at: e.availableAt.toISOString(),
  note: e.note,
  created_at: e.createdAt.toISOString(),
});

export const LEDGER_CSV_COLUMNS = ['id', 'day', 'project', 'source', 'bucket', 'kind', 'amount_micro', 'available_at', 'note', 'created_at'] as const;

/** Blocks or unblocks a partner with a reason, audited with before and after; answers the partner as it is now. */
async function setBlocked(db: Db, by: { actor: StaffActor; ip: string | null }, userId: number, block: boolean, reason: string, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('not_found', { key: 'operator:partner_not_found' });
    if (user.isActive !== block) throw new AppError('conflict', { key: block ? 'operator:already_blocked' : 'operator:not_blocked' }, undefined, { reason: block ? 'already_blocked' : 'not_blocked' });
    const [after] = await tx
      .update(users)
      .set(block ? { isActive: false, operatorBlockReason: reason, operatorBlockedAt: now } : { isActive: true, operatorBlockReason: null, operatorBlockedAt: null })
      .where(eq(users.id, userId))
      .returning();
    await audit(
      tx,
      by.actor,
      { action: block ? 'partner.block' : 'partner.unblock', targetType: 'user', targetId: userId, before: statusOf(user), after: { ...statusOf(after!), reason } },
      by.ip,
      now,
    );
    return after!;
  });
}

export async function consolePartnerRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.ctx;
  const db = database.db;
  const by = (request: Parameters<typeof actorOf>[0] & { ip: string }) => ({ actor: actorOf(request), ip: request.ip });
  const partner = async (id: number) => {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw new AppError('not_found', { key: 'operator:partner_not_found' });
    return user;
  };

  app.get(
    '/partners',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], querystring: partnersQuery, response: { 200: partnersAnswer } } },
    async (request) => {
      const { q, page, per_page } = request.query;
      let ids: Array<{ id: number; matched: string | null }>;
      if (q) ids = await searchPartners(db, config.PAYOUT_DETAILS_KEY, q);
      else ids = (await rows<{ id: number }>(db, sql`select id from users order by id desc limit ${page * per_page}`)).map((r) => ({ id: Number(r.id), matched: null }));
      const total = q ? ids.length : ((await rows<{ n: number }>(db, sql`select count(*)::int as n from users`))[0]?.n ?? 0);
      const slice = ids.slice((page - 1) * per_page, page * per_page);
      const found = slice.length ? await db.select().from(users).where(sql`${users.id} in (${sql.join(slice.map((s) => sql`${s.id}`), sql`, `)})`) : [];
      const byId = new Map(found.map((u) => [u.id, u]));
      return {
        data: slice
          .map((s) => ({ s, u: byId.get(s.id) }))
          .filter((x): x is { s: (typeof slice)[number]; u: UserRow } => Boolean(x.u))
          .map(({ s, u }) => ({ id: u.id, email: u.email, name: nameOf(u), created_at: u.createdAt.toISOString(), status: statusOf(u), matched: s.matched })),
        meta: { page, per_page, total },
      };
    },
  );

  app.get(
    '/partners/:id',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: partnerAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const now = clock.now();
      const programs = await rows<{ project: 'fd1' | 'fd2'; activated_at: Date | string; plan: string | null }>(
        db,
        sql`select p.project, p.activated_at,
              (select pp.plan from partner_plans pp where pp.user_id = p.user_id and pp.project = p.project and pp.effective_from <= ${now}
               order by pp.effective_from desc limit 1) as plan
            from partner_programs p where p.user_id = ${u.id} order by p.project`,
      );
      const b = await balanceOf(db, u.id, now, await loadProduct(db));
      const recent = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, u.id)).orderBy(desc(ledgerEntries.id)).limit(20);
      return {
        profile: {
          id: u.id,
          email: u.email,
          first_name: u.firstName,
          last_name: u.lastName,
          contact: u.contact,
          lang: u.lang,
          created_at: u.createdAt.toISOString(),
          confirmed_at: u.confirmedAt?.toISOString() ?? null,
          referred_by: u.referredBy,
          second_factor: await secondFactorMethods(db, u),
        },
        status: statusOf(u),
        programs: programs.map((p) => ({ project: p.project, activated_at: new Date(p.activated_at).toISOString(), plan: p.plan })),
        balance: {
          earnings: b.earnings,
          live: b.live,
          payouts_accepted: b.payoutsAccepted,
          in_progress: b.payoutsInProgress,
          balance: b.balance,
          hold: b.hold,
          available: b.available,
        },
        recent_ledger: recent.map(ledgerView),
      };
    },
  );

  app.get(
    '/partners/:id/ledger',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], params: operatorIdParam, querystring: partnerLedgerQuery, response: { 200: partnerLedgerAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const q = request.query;
      const where = ledgerWhere(u.id, q);
      const page = await db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.day), desc(ledgerEntries.id)).limit(q.per_page).offset((q.page - 1) * q.per_page);
      const [totals] = await db.select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${ledgerEntries.amountMicro}), 0)::bigint` }).from(ledgerEntries).where(where);
      return { data: page.map(ledgerView), meta: { page: q.page, per_page: q.per_page, total: totals?.n ?? 0 }, sum: Number(totals?.sum ?? 0) };
    },
  );

  app.get(
    '/partners/:id/ledger.csv',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], params: operatorIdParam, querystring: partnerLedgerCsvQuery } },
    async (request, reply) => {
      const u = await partner(request.params.id);
      const entries = await db.select().from(ledgerEntries).where(ledgerWhere(u.id, request.query)).orderBy(ledgerEntries.day, ledgerEntries.id);
      const lines = [
        LEDGER_CSV_COLUMNS.join(','),
        ...entries.map((e) =>
          [e.id, e.day, e.project, e.source, e.bucket, e.kind, e.amountMicro, e.availableAt.toISOString(), e.note, e.createdAt.toISOString()].map(csvField).join(','),
        ),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="partner-${u.id}-ledger.csv"`)
        .header('cache-control', 'no-store')
        .send(lines.map((l) => `${l}\r\n`).join(''));
    },
  );

  for (const block of [true, false]) {
    app.post(
      `/partners/:id/${block ? 'block' : 'unblock'}`,
      {
        config: { permission: 'partners.block' },
        schema: { tags: ['operator'], params: operatorIdParam, body: partnerBlockBody, response: { 200: partnerBlockAnswer } },
      },
      async (request) => {
        const after = await setBlocked(db, by(request), request.params.id, block, request.body.reason, clock.now());
        // Every session ends at once (as a password change ends them), after the block has committed; a request
        // between the two is refused anyway, as the account is no longer active.
        const ended = block ? await revokeAllSessions(db, after.id) : 0;
        return { id: after.id, status: statusOf(after), sessions_ended: ended };
      },
    );
  }

  // A partner who lost their authenticator, its recovery codes and their passkeys cannot sign in; support, having
  // checked who asks, resets the second factor (decision 0190): every session ends, payouts wait, the partner is told.
  app.post(
    '/partners/:id/second-factor/reset',
    {
      config: { permission: 'partners.block' },
      schema: { tags: ['operator'], params: operatorIdParam, body: partnerBlockBody, response: { 200: partnerSecondFactorResetAnswer } },
    },
    async (request) => {
      const u = await partner(request.params.id);
      const now = clock.now();
      const product = await loadProduct(db);
      await db.transaction(async (tx) => {
        const methods = await resetSecondFactor(tx, u, now, product);
        if (methods.length === 0) throw new AppError('conflict', { key: 'operator:second_factor_none' });
        await audit(tx, actorOf(request), { action: 'partner.second_factor_reset', targetType: 'user', targetId: u.id, before: { methods }, after: { reason: request.body.reason } }, request.ip, now);
      });
      const ended = await revokeAllSessions(db, u.id);
      await noticeMail(app.ctx, request.log, u, isLangCode(u.lang) ? u.lang : 'en', 'reset_by_support');
      return { id: u.id, sessions_ended: ended };
    },
  );

  app.get(
    '/partners/:id/sessions',
    { config: { permission: 'partners.sessions' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: partnerSessionsAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const found = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, u.id), not(sessionRanOut(clock.now()))))
        .orderBy(desc(sessions.lastSeenAt));
      return {
        data: found.map((s) => ({
          id: Buffer.from(s.idHash).subarray(0, 8).toString('hex'),
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
          expires_at: s.expiresAt.toISOString(),
          ip: s.ip,
          user_agent: s.userAgent,
          operator_view: s.operatorView,
        })),
      };
    },
  );

  app.delete(
    '/partners/:id/sessions/:sid',
    { config: { permission: 'partners.sessions' }, schema: { tags: ['operator'], params: partnerSessionParam, response: { 200: partnerSessionsEndedAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const now = clock.now();
      const ended = await db.transaction(async (tx) => {
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, u.id), sql`substring(${sessions.idHash} from 1 for 8) = decode(${request.params.sid}, 'hex')`))
          .returning({ ip: sessions.ip });
        if (!gone.length) throw new AppError('not_found', { key: 'operator:session_not_found' });
        await audit(tx, actorOf(request), { action: 'partner.session_end', targetType: 'user', targetId: u.id, after: { session: request.params.sid } }, request.ip, now);
        return gone.length;
      });
      await sessionsEnded(db);
      return { ended };
    },
  );

  app.delete(
    '/partners/:id/sessions',
    { config: { permission: 'partners.sessions' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: partnerSessionsEndedAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const ended = await revokeAllSessions(db, u.id);
      const now = clock.now();
      await db.transaction((tx) => audit(tx, actorOf(request), { action: 'partner.sessions_end', targetType: 'user', targetId: u.id, after: { ended } }, request.ip, now));
      return { ended };
    },
  );

  app.post(
    '/partners/:id/additional-income',
    {
      config: { permission: 'additional_income.write' },
      schema: { tags: ['operator'], params: operatorIdParam, body: partnerIncomeBody, response: { 200: additionalIncomeAnswer } },
    },
    async (request) => {
      const u = await partner(request.params.id);
      const row = await addAdditionalIncome(db, { ...request.body, userId: u.id, operator: request.operator }, clock.now(), by(request));
      return { id: row.id, user_id: row.userId, project: row.project as 'fd1' | 'fd2', day: row.day, amount: row.amountMicro, reason: row.reason, replayed: row.replayed };
    },
  );

  app.get(
    '/partners/:id/sites',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: partnerSitesAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const found = await db.select().from(partnerSites).where(eq(partnerSites.userId, u.id)).orderBy(partnerSites.id);
      return {
        data: found.map((s) => ({
          id: s.id,
          project: s.project as 'fd1' | 'fd2',
          domain: s.domain,
          status: s.status,
          created_at: s.createdAt.toISOString(),
          verified_at: s.verifiedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  /** A banned site back to not verified: the partner proves it again before it earns (decision 0141). */
  app.post(
    '/sites/:id/unban',
    { config: { permission: 'sites.ban' }, schema: { tags: ['operator'], params: operatorIdParam, body: siteUnbanBody, response: { 200: siteUnbanAnswer } } },
    async (request) => {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [site] = await tx.select().from(partnerSites).where(eq(partnerSites.id, request.params.id)).for('update');
        if (!site || site.status === 'deleted') throw new AppError('not_found', { key: 'operator:site_not_found' });
        if (site.status !== 'banned') throw new AppError('conflict', { key: 'operator:site_not_banned' }, undefined, { reason: 'site_not_banned' });
        await tx.update(partnerSites).set({ status: 'not_verified', verifiedAt: null }).where(eq(partnerSites.id, site.id));
        await audit(
          tx,
          actorOf(request),
          { action: 'site.unban', targetType: 'site', targetId: site.id, before: { status: 'banned' }, after: { status: 'not_verified', reason: request.body.reason } },
          request.ip,
          now,
        );
      });
      return { id: request.params.id, status: 'not_verified' as const };
    },
  );

  app.get(
    '/partners/:id/referrals',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: partnerReferralsAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const found = await rows<{ id: number; email: string; created_at: Date | string; level: 1 | 2 }>(
        db,
        sql`select u.id, u.email, u.created_at, 1 as level from users u where u.referred_by = ${u.id}
            union all
            select u.id, u.email, u.created_at, 2 as level from users u join users p on p.id = u.referred_by
            where p.referred_by = ${u.id} and u.id <> ${u.id}
            order by level, id`,
      );
      return { data: found.map((r) => ({ id: Number(r.id), email: r.email, created_at: new Date(r.created_at).toISOString(), level: r.level })) };
    },
  );

  app.get(
    '/partners/:id/mails',
    { config: { permission: 'partners.read' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: partnerMailsAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      // What was sent, never its body or links (a link in a mail is a key to the account).
      const found = await db
        .select({ id: mailOutbox.id, kind: mailOutbox.kind, subject: mailOutbox.subject, lang: mailOutbox.lang, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt, error: mailOutbox.error, next: mailOutbox.nextAttemptAt })
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.toAddress}) = ${u.email.toLowerCase()}`)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(200);
      return {
        data: found.map((m) => ({
          id: m.id,
          kind: m.kind,
          subject: m.subject,
          lang: m.lang,
          created_at: m.createdAt.toISOString(),
          status: m.sentAt ? ('sent' as const) : m.next ? ('pending' as const) : m.error ? ('failed' as const) : ('kept' as const),
        })),
      };
    },
  );

  app.post(
    '/partners/:id/view-as',
    { config: { permission: 'partners.view_as' }, schema: { tags: ['operator'], params: operatorIdParam, response: { 200: viewAsAnswer } } },
    async (request) => {
      const u = await partner(request.params.id);
      const actor = actorOf(request);
      const now = clock.now();
      const code = await db.transaction(async (tx) => {
        const issued = await issueToken(tx as unknown as Db, u.id, 'operator_view', now, { by: request.operator, actor_kind: actor.kind, actor_id: actor.id });
        await audit(tx, actor, { action: 'partner.view_as', targetType: 'user', targetId: u.id, after: { minutes: OPERATOR_VIEW_MS / 60_000 } }, request.ip, now);
        return issued;
      });
      return {
        url: `${config.PUBLIC_URL}/operator/v1/view-as/${code}`,
        link_expires_at: new Date(now.getTime() + TOKEN_TTL_MS.operator_view).toISOString(),
        expires_in_seconds: OPERATOR_VIEW_MS / 1000,
      };
    },
  );

  /**
   * Opening the view-as link: its one-time code (checked here, hence `sign_in`) becomes a read-only partner session
   * of OPERATOR_VIEW_MS in the pc_session cookie, and the browser goes to the cabinet. A used or expired code: 400.
   */
  app.get(
    '/view-as/:code',
    { config: { permission: 'sign_in' }, schema: { tags: ['operator'], params: viewAsParam } },
    async (request, reply) => {
      const now = clock.now();
      const check = await consumeToken(db, request.params.code, 'operator_view', now);
      if (check.status !== 'ok') throw new AppError('bad_request', { key: 'operator:view_as_link_invalid' });
      const by = typeof check.payload.by === 'string' ? check.payload.by : 'staff';
      const token = await createSession(db, check.userId, now, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        operatorView: by,
        ttlMs: OPERATOR_VIEW_MS,
      });
      return reply
        .setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.PUBLIC_URL.startsWith('https:'), maxAge: OPERATOR_VIEW_MS / 1000 })
        .header('cache-control', 'no-store')
        .redirect('/', 303);
    },
  );
}
