import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser sent this request from another site (a cookie rides along with such requests): Sec-Fetch-Site
 * when the browser sends it, else Origin against the cabinet's public address and the request's host. The
 * partner API (app/cross-site.ts) and the operator console (operator/access.ts) refuse state-changing requests that are.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const host = request.headers.host;
  const allowed = new Set([new URL(publicUrl).origin, `http://${host}`, `https://${host}`]);
  return !allowed.has(origin);
}
