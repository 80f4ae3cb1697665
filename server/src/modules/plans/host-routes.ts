import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { freeDownloadSettingsAvailable, hostDownloadSettingsAnswer, type ProjectId } from '@pc/core';
import { rows } from '../../db/sql.ts';
import { authenticateHost, hostTokens } from '../../ingest/routes.ts';
import { AppError } from '../../lib/errors.ts';
import { loadProduct } from '../../money/product.ts';
import { plansState } from './service.ts';

/**
 * The file hosts' side of the rate plans page (decision 0140): a partner's plan, free-download settings and
 * price variations, read with the project's ingest token, so that the host serves the partner's files as the
 * partner chose. GET /ingest/v1/{project}/partners/{app_users_id}/download-settings (docs/ingest.md).
 */
export async function plansHostRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const tokens = hostTokens(app.ctx.config);

  app.get(
    '/ingest/v1/:project/partners/:appUserId/download-settings',
    {
      onRequest: async (request) => void authenticateHost(request, tokens),
      schema: {
        tags: ['ingest'],
        summary: "A partner's plan, free-download settings and price variations, for the file host",
        params: z.object({ project: z.string(), appUserId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: hostDownloadSettingsAnswer },
      },
    },
    async (request) => {
      const project = request.params.project as ProjectId;
      const appUserId = request.params.appUserId;
      const [partner] = await rows<{ user_id: number; is_active: boolean }>(
        database.db,
        sql`select p.user_id, u.is_active from partner_programs p join users u on u.id = p.user_id
            where p.project = ${project} and p.app_user_id = ${appUserId}`,
      );
      if (!partner) throw new AppError('not_found');
      const product = await loadProduct(database.db);
      const state = await plansState(database.db, Number(partner.user_id), project, clock.now(), product);
      const picked = new Set(state.price_variations.selected);
      return {
        app_users_id: appUserId,
        active: partner.is_active,
        plan: state.current.plan,
        next: state.next,
        free_downloads: {
          applies: freeDownloadSettingsAvailable(state.current.plan),
          mode: state.free_downloads.mode,
          new_files_default: state.free_downloads.new_files_default,
          inbox_default: state.free_downloads.inbox_default,
          max_file_size_bytes: state.free_downloads.max_file_size_bytes,
        },
        price_variations: state.price_variations.available.filter((v) => picked.has(v.id)),
      };
    },
  );
}
