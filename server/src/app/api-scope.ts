import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noteCabinetRequest } from '../db/turns.ts';
import { partnerModules } from '../modules/index.ts';
import { sessionLookup } from '../plumbing/session/plugin.ts';
import { crossSiteCheck } from './cross-site.ts';
import { notFound } from './errors.ts';
import { noStore } from './no-store.ts';
import { apiRateLimit } from './rate-limits.ts';
import { signedInFirst } from './signed-in-first.ts';

/**
 * What every call of the partner API goes through, as hooks of the scope it is registered in, in this order: the
 * call is noted (ingest takes turns with it on the embedded database, db/turns.ts), a cross-site write is refused
 * unless its route says `crossSiteAllowed`, the session is looked up (a figure read's may be kept: `keptSession`),
 * the answer is not stored, each route takes the general rate limit unless it says its own `rateLimit`, and a
 * signed-in partner's call answers 401 before its input is read.
 */
export const partnerApiHooks = fp(async (api) => {
  const { database } = api.ctx;
  api.addHook('onRequest', async () => noteCabinetRequest(database));
  await api.register(crossSiteCheck);
  await api.register(sessionLookup);
  await api.register(noStore);
  await api.register(apiRateLimit);
  await api.register(signedInFirst);
});

/**
 * The partner API, /api (register it with `{ prefix: '/api' }`): one encapsulated scope whose hooks run for each of
 * its calls and its 404s, and for nothing else (not the API reference at /api/docs, the web app's files or the
 * other APIs).
 */
export async function apiScope(api: FastifyInstance) {
  await api.register(partnerApiHooks);
  // A path of the API without a route: the API's JSON 404, after the scope's hooks (the session's language).
  api.setNotFoundHandler(notFound);
  await partnerModules(api);
}
