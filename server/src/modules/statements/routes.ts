import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessDetailsAnswer,
  businessDetailsBody,
  isLangCode,
  saveBusinessDetailsAnswer,
  STATEMENT_PATHS,
  statementParams,
  yearlySummaryParams,
  type LangCode,
} from '@pc/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { readBusinessDetails, saveBusinessDetails, statementData, yearlyData } from './data.ts';
import { statementPdf, yearlyCsv, yearlyPdf, type Issuer } from './documents.ts';

/** A path id as a number, or null for anything that cannot be one (answered 404, as unknown ids). */
function pathId(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** `?lang=` chooses the document's language; without it, the request's (the partner's own when signed in). */
export const documentQuery = z.object({ lang: z.string().max(8).optional() });
export const langOf = (query: { lang?: string }, fallback: LangCode): LangCode =>
  query.lang && isLangCode(query.lang) ? query.lang : fallback;

export function issuerOf(ctx: AppContext): Issuer {
  const c = ctx.config;
  return {
    name: c.STATEMENT_ISSUER_NAME,
    address: c.STATEMENT_ISSUER_ADDRESS,
    taxId: c.STATEMENT_ISSUER_TAX_ID,
  };
}

/** The statement of a partner's completed payout: 404 when it is not theirs, 409 while it is not completed. */
export async function sendStatement(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
  rawId: string,
  lang: LangCode,
) {
  const id = pathId(rawId);
  if (id === null) throw new AppError('not_found', { key: 'statements:errors.not_found' });
  const found = await statementData(ctx.database, userId, id);
  if (!found.ok)
    throw found.reason === 'not_found'
      ? new AppError('not_found', { key: 'statements:errors.not_found' })
      : new AppError('conflict', { key: 'statements:errors.not_completed' });
  const pdf = await statementPdf(found.data, lang, issuerOf(ctx), ctx.clock.now());
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="statement-${found.data.payout.number}.pdf"`)
    .send(pdf);
}

/** A partner's yearly summary, PDF or CSV. */
export async function sendYearly(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
  year: number,
  format: 'pdf' | 'csv',
  lang: LangCode,
) {
  const data = await yearlyData(ctx.database, userId, year);
  if (format === 'csv')
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="summary-${year}.csv"`)
      .send(`\ufeff${yearlyCsv(data, lang)}`);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="summary-${year}.pdf"`)
    .send(await yearlyPdf(data, lang, issuerOf(ctx), ctx.clock.now()));
}

/**
 * Business details (Settings) and payout statements (decision 0205). Reading and saving the details needs a
 * signed-in partner (they are not money: no security code); statements are read-only.
 */
export async function statementsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['payouts'];

  app.get(
    STATEMENT_PATHS.businessDetails,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['settings'],
        summary: 'Business details printed on statements',
        response: { 200: businessDetailsAnswer },
      },
    },
    async (request) => readBusinessDetails(ctx.database, currentUser(request).id),
  );

  app.post(
    STATEMENT_PATHS.businessDetails,
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['settings'],
        summary: 'Save the business details (all optional)',
        body: businessDetailsBody,
        response: { 200: saveBusinessDetailsAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await saveBusinessDetails(ctx.database, user.id, request.body, ctx.clock.now());
      return {
        ...(await readBusinessDetails(ctx.database, user.id)),
        message: t(request.lang, 'statements:saved'),
      };
    },
  );

  app.get(
    STATEMENT_PATHS.statement,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A completed payout's statement (PDF)",
        description: '404 for a payout that is not the partner’s, 409 while it is not completed.',
        params: statementParams,
        querystring: documentQuery,
      },
    },
    async (request, reply) =>
      sendStatement(
        ctx,
        reply,
        currentUser(request).id,
        request.params.id,
        langOf(request.query, request.lang),
      ),
  );

  app.get(
    STATEMENT_PATHS.yearly,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A calendar year’s summary (PDF or CSV)',
        params: yearlySummaryParams,
        querystring: documentQuery,
      },
    },
    async (request, reply) =>
      sendYearly(
        ctx,
        reply,
        currentUser(request).id,
        request.params.year,
        request.params.format,
        langOf(request.query, request.lang),
      ),
  );
}
