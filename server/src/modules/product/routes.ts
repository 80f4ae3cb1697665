import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_PATHS, emptyQuery, productSettingsAnswer, productSettingsView } from '@pc/core';
import { loadProduct } from '../../money/product.ts';

/**
 * GET /api/product/settings: the product settings as the operator has set them, for the screens that show
 * rates, shares, levels, terms, fees and minimums. The same values the engine prices with.
 */
export async function productRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database } = app.ctx;
  app.get(
    PRODUCT_PATHS.settings,
    { preHandler: app.requireUser, schema: { tags: ['product'], querystring: emptyQuery, response: { 200: productSettingsAnswer } } },
    async () => productSettingsView(await loadProduct(database.db)),
  );
}
