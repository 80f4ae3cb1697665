import fp from 'fastify-plugin';

/**
 * Answers that must never be stored by a browser or a shared cache (decision 0080): every answer of the scope it is
 * registered in, the error handler's and the 404s included. The partner API (signed-in data, one-time captcha
 * challenges) takes it in its scope (app/api-scope.ts); the other APIs by their prefixes below. The API reference
 * (/api/docs) is public and keeps its own headers; static files and the app's pages are not affected.
 */
export const noStore = fp(async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
});

/**
 * The APIs outside the partner API's scope whose answers are not stored either: the file hosts' ingest (and what
 * they read back), the operator API, the development mailbox and the webmaster API. Their routes are registered
 * with their full paths or by their own modules, so their answers and 404s are told by prefix.
 */
const SERVICE_NO_STORE = /^\/(ingest|operator\/v1|dev|webmaster\/v1)(\/|\?|$)/;

export const serviceNoStore = fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (SERVICE_NO_STORE.test(request.url)) reply.header('cache-control', 'no-store');
  });
});
