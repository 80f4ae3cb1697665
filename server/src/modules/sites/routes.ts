import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SITES_PATHS,
  siteAddAnswer,
  siteAddBody,
  siteDeleteAnswer,
  siteIdParams,
  siteProjectQuery,
  sitesAnswer,
  sitesQuery,
  siteVerifyAnswer,
} from '@pc/core';
import { t } from '../../lib/i18n.ts';
import { currentUser } from '../../plumbing/session/plugin.ts';
import { addSite, deleteSite, listSites, verifySite } from './service.ts';

const tags = ['sites'];
/** A check makes up to two requests to the partner's site: a few a minute are plenty. */
const VERIFY_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/**
 * The site referrals calls (issue #11; decision 0141): GET/POST /api/sites?app=, POST /api/sites/{id}/verify,
 * DELETE /api/sites/{id}. Another partner's site answers 404, as a missing one does.
 */
export async function sitesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    SITES_PATHS.sites,
    {
      preHandler: app.requireProgram,
      schema: {
        tags,
        summary: "The partner's sites in a project with their figures, how to verify them, and the promo link",
        querystring: sitesQuery,
        response: { 200: sitesAnswer },
      },
    },
    async (request) => {
      const { app: project, page, per_page } = request.query;
      const user = currentUser(request);
      return listSites(ctx, { id: user.id, email: user.email }, project, { page, per_page });
    },
  );

  app.post(
    SITES_PATHS.sites,
    {
      preHandler: app.requireProgram,
      schema: {
        tags,
        summary: 'Add a site (not verified yet)',
        description:
          'An http(s) address of a public site; it is kept as its domain (lower-case, without www.). 422 on `url` when it is not a site, is listed already, is verified by another partner or is banned in the project.',
        querystring: siteProjectQuery,
        body: siteAddBody,
        response: { 200: siteAddAnswer },
      },
    },
    async (request) => {
      const site = await addSite(ctx, currentUser(request).id, request.query.app, request.body.url);
      return { success: true as const, message: t(request.lang, 'sites:add.added', { domain: site.domain }), data: site };
    },
  );

  app.post(
    SITES_PATHS.verify(':id'),
    {
      preHandler: app.requireUser,
      config: { rateLimit: VERIFY_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Check the ownership of a site now: the file <login>.txt at its root, or the meta tag on its home page',
        description:
          'The site is fetched over HTTP(S) (5 s, 1 MB, at most 3 redirects, public addresses only). The answer says whether it was verified and, if not, why (`reason`).',
        params: siteIdParams,
        response: { 200: siteVerifyAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { verdict, site, already } = await verifySite(ctx, { id: user.id, email: user.email }, request.params.id);
      const message = verdict.verified
        ? t(request.lang, already ? 'sites:check.already' : `sites:check.verified_${verdict.method}`, { domain: site.domain })
        : t(request.lang, `sites:check.failed.${verdict.reason}`, { domain: site.domain, status: verdict.status ?? '' });
      return { verified: verdict.verified, reason: verdict.verified ? null : verdict.reason, message, data: site };
    },
  );

  app.delete(
    SITES_PATHS.site(':id'),
    {
      preHandler: app.requireUser,
      schema: { tags, summary: 'Remove a site from the list (it stops earning); a banned site cannot be removed', params: siteIdParams, response: { 200: siteDeleteAnswer } },
    },
    async (request) => {
      await deleteSite(ctx, currentUser(request).id, request.params.id);
      return { success: true as const, message: t(request.lang, 'sites:delete.deleted') };
    },
  );
}
