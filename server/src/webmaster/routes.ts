import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WEBMASTER_PATHS as P,
  detailedAnswer,
  detailedBaseQuery,
  earningsStatAnswer,
  earningsStatQuery,
  payoutsAnswer,
  payoutsQuery,
  webmasterBalanceAnswer,
  WEBMASTER_STATEMENT_PATHS,
  statementParams,
  yearlySummaryParams,
  type ProjectId,
} from '@pc/core';
import { AppError } from '../lib/errors.ts';
import { balanceOf } from '../money/balance.ts';
import { loadProduct } from '../money/product.ts';
// The screens' own reads: the API answers exactly what the partner's screens show (decision 0122).
import { detailedBase } from '../modules/statistics/service.ts';
import { tagDays, tagsList } from '../modules/tags/service.ts';
import { WEBMASTER_TAG_PATHS, tagDaysAnswer, tagDaysQuery, tagsAnswer, tagsQuery } from '@pc/core';
import { earningsStat } from '../modules/earnings/service.ts';
import { listRequests } from '../modules/payouts/requests.ts';
import { accountLang } from '../modules/statements/data.ts';
import { documentQuery, langOf, sendStatement, sendYearly } from '../modules/statements/routes.ts';
import { keyHolder, type KeyHolder } from './keys.ts';
import { webmasterDocsPage } from './docs-page.ts';
import { webmasterOpenApi, type DocumentedRoute } from './openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key and partner behind a webmaster API request (set by its auth hook). */
    webmaster: KeyHolder | null;
  }
  interface FastifyContextConfig {
    /** A webmaster route answered without a key (its OpenAPI document). */
    webmasterPublic?: boolean;
  }
}

/** Failed key checks one address may make per minute before it is answered 429 (guessing keys is pointless, and slow). */
export const WEBMASTER_FAILED_AUTH_LIMIT = 30;
const MINUTE = 60_000;

const tags = ['webmaster'];
const bearer = /^Bearer\s+(\S+)$/i;

/**
 * The read-only webmaster API (decision 0122): `/webmaster/v1/*` with `Authorization: Bearer <key>`, the partner's
 * own balance, statistics, earnings and payouts from the same reads as the screens; rate-limited per key. Its OpenAPI
 * document (`/webmaster/v1/openapi.json`) and docs page (`/webmaster/docs`) list only these calls.
 */
export async function webmasterRoutes(root: FastifyInstance) {
  const ctx = root.ctx;
  const { database, clock, config } = ctx;
  const documented: DocumentedRoute[] = [];

  root.get(P.docs.replace(/^\/webmaster/, ''), { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(webmasterDocsPage({ origin: config.PUBLIC_URL, routes: documented, perMinute: config.WEBMASTER_RATE_LIMIT })),
  );

  await root.register(
    async (parent) => {
      const app = parent.withTypeProvider<ZodTypeProvider>();
      app.decorateRequest('webmaster', null);

      const perKey = app.createRateLimit({
        max: config.WEBMASTER_RATE_LIMIT,
        timeWindow: MINUTE,
        keyGenerator: (request) => `webmaster:key:${request.webmaster?.keyId ?? 0}`,
        allowList: () => false,
      });
      const failures = app.createRateLimit({
        max: WEBMASTER_FAILED_AUTH_LIMIT,
        timeWindow: MINUTE,
        keyGenerator: (request) => `webmaster:ip:${normalizeIP(request.ip)}`,
        allowList: () => false,
      });
      const limited = (seconds: number) =>
        new AppError('rate_limited', { key: 'webmaster:rate_limited', params: { count: seconds } }, undefined, undefined, {
          'retry-after': String(seconds),
        });

      app.addHook('onRoute', (route) => {
        if (route.method === 'HEAD' || route.config?.webmasterPublic) return;
        // Path parameters as OpenAPI writes them (`:id` → `{id}`).
        documented.push({ method: String(route.method), url: route.url.replace(/:(\w+)/g, '{$1}'), schema: route.schema as DocumentedRoute['schema'] });
      });

      app.addHook('onRequest', async (request: FastifyRequest, reply) => {
        if (request.routeOptions.config?.webmasterPublic) return;
        const header = request.headers.authorization;
        const match = typeof header === 'string' ? bearer.exec(header.trim()) : null;
        const holder = match ? await keyHolder(database, match[1]!, clock.now()) : null;
        if (!holder) {
          const failed = await failures(request);
          if (!failed.isAllowed && failed.isExceeded) throw limited(failed.ttlInSeconds);
          throw new AppError('unauthorized', { key: 'webmaster:bad_key' }, undefined, undefined, { 'www-authenticate': 'Bearer' });
        }
        request.webmaster = holder;
        const budget = await perKey(request);
        if (budget.isAllowed) return;
        reply.header('x-ratelimit-limit', budget.max).header('x-ratelimit-remaining', budget.remaining).header('x-ratelimit-reset', budget.ttlInSeconds);
        if (budget.isExceeded) throw limited(budget.ttlInSeconds);
      });

      const partnerOf = (request: FastifyRequest) => {
        if (!request.webmaster) throw new AppError('unauthorized', { key: 'webmaster:bad_key' });
        return request.webmaster.userId;
      };
      /** The project calls answer only where the partner's programme is activated, as the screens do. */
      const programOf = async (request: FastifyRequest, project: ProjectId) => {
        const userId = partnerOf(request);
        const active = await database.query(sql`select 1 as ok from partner_programs where user_id = ${userId} and project = ${project}`);
        if (active.length === 0) throw new AppError('forbidden', { key: 'statistics:program_not_active', params: { app: project } });
        return userId;
      };

      app.get(
        P.openapi,
        { config: { webmasterPublic: true }, schema: { hide: true } },
        async () => webmasterOpenApi({ origin: config.PUBLIC_URL, routes: documented, perMinute: config.WEBMASTER_RATE_LIMIT }),
      );

      app.get(
        P.balance,
        {
          schema: {
            tags,
            summary: 'Balance',
            description: 'Available for withdrawal, balance, on hold and in payout requests, over every project, in integer micro-USD.',
            response: { 200: webmasterBalanceAnswer },
          },
        },
        async (request): Promise<z.infer<typeof webmasterBalanceAnswer>> => {
          const now = clock.now();
          const b = await balanceOf(database.db, partnerOf(request), now, await loadProduct(database.db));
          return { currency: 'USD', available: b.available, balance: b.balance, hold: b.hold, in_progress: b.payoutsInProgress, as_of: now.toISOString() };
        },
      );

      app.get(
        P.statistics,
        {
          schema: {
            tags,
            summary: 'Detailed statistics',
            description:
              'Per day (or week, month) of one project: downloads, their earnings, sales and their earnings, gold bonus, copies, total ' +
              'and per 1000 downloads, with the range totals; paged. A period or a date range (UTC days, at most 731). ' +
              'counted_downloads are the downloads that counted for pay; not_counted gives the others by reason (refused by the ' +
              'file host, repeat, file_unavailable, small_file, pps_plan, unpaid_group), and the two add up to downloads. ' +
              'With sub_id (a tag of your links, or empty for the events without one) the figures are that tag\'s, the same as ' +
              '/statistics/tags/days: hits, downloads, counted downloads, sales, rebills, refunds and earnings per day (week, month), ' +
              'and the answer names its sub_id; sort_key is then date, downloads, sales (their number) or total (the earnings).',
            querystring: detailedBaseQuery,
            response: { 200: detailedAnswer },
          },
        },
        async (request) => detailedBase(database, await programOf(request, request.query.app), request.query, clock.now()),
      );

      // Sub-ID tags (decision 0206): the tags screen's two calls.
      app.get(
        WEBMASTER_TAG_PATHS.list,
        {
          schema: {
            tags,
            summary: 'Statistics by sub-ID tag',
            description:
              'The sub-ID tags (?sub= on your links) of one project and period with hits, downloads, counted downloads, sales, rebills, ' +
              'refunds and earnings (integer micro-USD), with the totals; sub_id "" is the events without a tag. Paged; sort by any figure.',
            querystring: tagsQuery,
            response: { 200: tagsAnswer },
          },
        },
        async (request) => tagsList(database, await programOf(request, request.query.app), request.query, clock.now()),
      );

      app.get(
        WEBMASTER_TAG_PATHS.days,
        {
          schema: {
            tags,
            summary: "A sub-ID tag's days",
            description: 'The same figures per UTC day for one tag (sub_id; empty for the events without a tag). Paged, newest first by default.',
            querystring: tagDaysQuery,
            response: { 200: tagDaysAnswer },
          },
        },
        async (request) => tagDays(database, await programOf(request, request.query.app), request.query, clock.now()),
      );

      app.get(
        P.earnings,
        {
          schema: {
            tags,
            summary: 'Earnings',
            description:
              'Earnings of one project per day, week or month (files, site referrals, referral commissions, additional income, total ' +
              'and efficiency after storage cost), the totals and the monthly table. A date range of UTC days (default: the last 30).',
            querystring: earningsStatQuery,
            response: { 200: earningsStatAnswer },
          },
        },
        async (request) => earningsStat(database, await programOf(request, request.query.app), request.query, clock.now()),
      );

      app.get(
        P.payouts,
        {
          schema: {
            tags,
            summary: 'Payout requests',
            description: 'Every payout request with its amount, fee, amount received, wallet, status and dates; paged, newest first by default.',
            querystring: payoutsQuery,
            response: { 200: payoutsAnswer },
          },
        },
        async (request) => listRequests(ctx, partnerOf(request), request.query),
      );

      // Statements (decision 0205): the payout history's documents, in the account's language unless ?lang= says.
      app.get(
        WEBMASTER_STATEMENT_PATHS.statement,
        {
          schema: {
            tags,
            summary: "A completed payout's statement (PDF)",
            description:
              'The statement of a completed payout (application/pdf): the programme, your business details, its number (sequential by ' +
              'completion), period, amount, fee, net, rate where converted, wallet masked and the earnings by source. 404 for an id that is ' +
              'not one of your payouts, 409 while the payout is not completed. lang: one of ar, de, en, es, fr, ja, pt, ru, tr.',
            params: statementParams,
            querystring: documentQuery,
          },
        },
        async (request, reply) => {
          const userId = partnerOf(request);
          return sendStatement(ctx, reply, userId, request.params.id, langOf(request.query, await accountLang(database, userId)));
        },
      );

      app.get(
        WEBMASTER_STATEMENT_PATHS.yearly,
        {
          schema: {
            tags,
            summary: 'Yearly summary (PDF or CSV)',
            description:
              'A calendar year (UTC): earned by month and source, the payouts completed in it, fees and totals. format: pdf or csv ' +
              '(amounts in USD as exact decimals). lang: one of ar, de, en, es, fr, ja, pt, ru, tr.',
            params: yearlySummaryParams,
            querystring: documentQuery,
          },
        },
        async (request, reply) => {
          const userId = partnerOf(request);
          return sendYearly(ctx, reply, userId, request.params.year, request.params.format, langOf(request.query, await accountLang(database, userId)));
        },
      );
    },
    { prefix: P.prefix.replace(/^\/webmaster/, '') },
  );
}
