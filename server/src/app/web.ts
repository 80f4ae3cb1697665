import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deliveryPlugin } from '../delivery.ts';
import { notFound } from './errors.ts';
import { hasPrerenderedCopies, prerenderedPageFor, prerenderedPages, SCHEME_COOKIE, SCHEME_HINT } from './prerendered-pages.ts';

/** The built web app served by default. */
export const WEB_DIST = join(import.meta.dirname, '../../../web/dist');

/**
 * The web app: its built files, and the compression of the answers of every route added after it (delivery.ts,
 * decision 0171). Registered on the app before the routes whose answers it compresses.
 */
export const webFiles = fp(async (app, opts: { webDist: string }) => {
  const hasWeb = existsSync(join(opts.webDist, 'index.html'));
  await app.register(deliveryPlugin, { webDist: hasWeb ? opts.webDist : null });
});

/**
 * The APIs outside the partner API's scope (app/api-scope.ts has its own 404): a path of theirs without a route is
 * answered as an API answers it, never with the app's page.
 */
const SERVICE_API = /^\/(ingest|operator\/v1|webmaster\/v1)(\/|\?|$)/;

/**
 * The single-page app's fallback, the app's not-found handler: any other GET is a page of the app, answered with
 * its HTML shell (the client router draws it). A missing build file is a 404, as is anything not a GET.
 */
export const pageFallback = fp(async (app, opts: { webDist: string }) => {
  const hasWeb = existsSync(join(opts.webDist, 'index.html'));
  const production = app.ctx.config.NODE_ENV === 'production';
  const prerendered = hasWeb ? prerenderedPages(opts.webDist) : new Map<string, Set<string>>();
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = SERVICE_API.test(request.url);
    // A missing build file (an older deployment's chunk) is a 404, not the app's page under a script's name.
    const isAsset = request.url.startsWith('/assets/');
    if (isApi || isAsset || request.method !== 'GET') return notFound(request, reply);
    // The operator console's pages (/operator and below, but its API /operator/v1) are its own bundle's shell, never
    // the partner app's (decision 0161). Compressed, no-cache and with its ETag, as every HTML shell of the build
    // (delivery.ts).
    const shell = /^\/operator(\/|\?|$)/.test(request.url) ? 'operator.html' : 'index.html';
    const path = request.url.split('?')[0]!;
    if (hasWeb && shell === 'index.html' && hasPrerenderedCopies(path, prerendered)) {
      // A guest page a visitor opens by its address comes drawn already, in their language and scheme (decision 0212).
      const headers = request.headers;
      const page = prerenderedPageFor(
        {
          path,
          cookies: request.cookies,
          acceptLanguage: headers['accept-language'],
          schemeHint: typeof headers[SCHEME_HINT] === 'string' ? headers[SCHEME_HINT] : undefined,
        },
        prerendered,
      );
      // The shell's answer depends on these, for a cache between. Accept-CH asks the browser for the device's scheme
      // from now on; Critical-CH has a browser that can tell it (Chromium's) ask again at once with it on a first
      // visit (no scheme kept yet), so a dark phone is not sent the light copy.
      reply.header('vary', `cookie, accept-language, ${SCHEME_HINT}`).header('accept-ch', SCHEME_HINT);
      if (page && !request.cookies[SCHEME_COOKIE]) reply.header('critical-ch', SCHEME_HINT);
      return reply.type('text/html; charset=utf-8').sendFile(page ?? shell);
    }
    if (hasWeb) return reply.type('text/html; charset=utf-8').sendFile(shell);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        production
          ? '<!doctype html><title>Partner Cabinet</title><h1>Partner Cabinet API server</h1>'
          : '<!doctype html><title>Partner Cabinet</title><h1>Partner Cabinet API server</h1><p>The API is at <a href="/api/docs">/api/docs</a>.</p>',
      );
  });
});
