import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { isCrossSite } from '../lib/cross-site.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A state-changing call of the partner API that acts on a signed token it carries, never on the session cookie,
     * so it may come from any site (the cross-site check guards the cookie).
     */
    crossSiteAllowed?: boolean;
  }
}

/**
 * The scope's state-changing calls (not GET, HEAD or OPTIONS) sent by a browser from another site are refused
 * (403 cross_site_request, lib/cross-site.ts) unless the route says `config.crossSiteAllowed`. Registered in the
 * partner API's scope (app/api-scope.ts), its 404s included.
 */
export const crossSiteCheck = fp(async (app) => {
  const publicUrl = app.ctx.config.PUBLIC_URL;
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (request.routeOptions.config?.crossSiteAllowed) return;
    if (isCrossSite(request, publicUrl)) throw new AppError('cross_site_request');
  });
});
