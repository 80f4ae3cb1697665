import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deliveryPlugin } from '../delivery.ts';
import { notFound } from './errors.ts';
import { SESSION_COOKIE, resolveSessionStateKept } from '../plumbing/session/service.ts';
import {
  hasPrerenderedCopies,
  mayGetPartnerCopy,
  prerenderedPageFor,
  prerenderedPages,
  SCHEME_COOKIE,
  SCHEME_HINT,
  type PagePartner,
  type PageRequest,
} from './prerendered-pages.ts';

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
  const prerendered = hasWeb ? prerenderedPages(opts.webDist) : { guest: new Map(), partner: new Map() };
  /**
   * The partner of a live session, for their screen's copy: the session looked up as a figure screen's reads do (the
   * screen's own reads that follow share the lookup). Not read (the database away): no copy, the bare shell.
   */
  const partnerOf = async (token: string): Promise<PagePartner | null> => {
    try {
      const live = await resolveSessionStateKept(app.ctx.database.db, token, app.ctx.clock.now());
      return live && live.user.isActive ? { lang: live.user.lang, theme: live.user.theme } : null;
    } catch {
      return null;
    }
  };
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
      // A page opened by its address comes drawn already, in the visitor's language and scheme (decisions 0212, 0228).
      const headers = request.headers;
      const pageRequest: PageRequest = {
        path,
        hasQuery: request.url.includes('?'),
        cookies: request.cookies,
        acceptLanguage: headers['accept-language'],
        schemeHint: typeof headers[SCHEME_HINT] === 'string' ? headers[SCHEME_HINT] : undefined,
      };
      if (mayGetPartnerCopy(pageRequest, prerendered)) pageRequest.partner = await partnerOf(request.cookies[SESSION_COOKIE]!);
      const page = prerenderedPageFor(pageRequest, prerendered);
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
