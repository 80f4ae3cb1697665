import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The internal API reference (OpenAPI from the routes' zod schemas, the page at /api/docs): a development aid, not
 * served in production and linked from nowhere in the product. Partners have the webmaster API's own document and
 * page (/webmaster/docs, decision 0122). Registered on the app before any route, so that it sees them all; its
 * pages are outside the partner API's scope (no session, limits or no-store).
 */
export const apiDocs = fp(async (app) => {
  if (app.ctx.config.NODE_ENV === 'production') return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Partner Cabinet API', version: '1.0.0', description: 'The partner cabinet, ingest and operator APIs.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
