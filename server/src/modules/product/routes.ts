import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_PATHS, emptyQuery, productSettingsAnswer, productSettingsView } from '@pc/core';
import { loadProduct } from '../../money/product.ts';

/**
 * GET /api/product/settings: the product settings as the operator has set them, for the screens that show
 * rates, shares, levels, terms, fees and minimums, and the video preview and player hosts. The same values the engine prices with.
 */
export async function productRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.ctx;
  const playerHosts = { fd1: config.PROJECT_URL_FD1, fd2: config.PROJECT_URL_FD2 };
  app.get(
    PRODUCT_PATHS.settings,
    { preHandler: app.requireUser, schema: { tags: ['product'], querystring: emptyQuery, response: { 200: productSettingsAnswer } } },
    async () => productSettingsView(await loadProduct(database.db), playerHosts),
  );
}
