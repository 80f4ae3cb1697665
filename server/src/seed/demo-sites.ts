import type { FastifyInstance } from 'fastify';
import { PROJECTS, siteVerificationFileName } from '@pc/core';
import { addAndVerifySite, startPartnerSite, type CabinetCall, type SiteOutcome } from '@pc/simulator/sites';
import { createSession, revokeSession, SESSION_COOKIE } from '../plumbing/session/service.ts';
import { pinSiteHost, siteTokenOf } from '../modules/sites/service.ts';
import { DEMO_EMAIL } from './demo.ts';

/**
 * The demo partner's site: the referring site of the simulated traffic (its page hits and its site-referral sales
 * name this domain), so the demo shows a verified site with visits, purchases and the bonus.
 */
export const DEMO_SITE_HOST = 'warez-blog.example.org';

/**
 * Adds and verifies the demo partner's site in both projects through the real calls (POST /api/sites, then the
 * check over HTTP), the proof served by a local web server the simulator runs. The cabinet reaches it because this
 * code pins the site's name to that server for the moment of the check (a pin set by code, never by a partner;
 * outside production only, like the whole demo seed). Idempotent: an active site is left as it is. Run before the
 * demo's history, so its site-referral sales earn the bonus.
 */
export async function ensureDemoSites(app: FastifyInstance, userId: number): Promise<SiteOutcome[]> {
  const { ctx } = app;
  const site = await startPartnerSite();
  const unpin = pinSiteHost(ctx, DEMO_SITE_HOST, { address: '127.0.0.1', port: site.port, trusted: true });
  const token = await createSession(ctx.database.db, userId, ctx.clock.now(), { ip: '127.0.0.1', userAgent: 'demo seed' });
  const call: CabinetCall = async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => {
    const response = await app.inject({
      method,
      url: `/api${path}`,
      headers: { cookie: `${SESSION_COOKIE}=${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`demo site: ${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    return response.json() as T;
  };
  try {
    const outcomes: SiteOutcome[] = [];
    for (const project of PROJECTS) outcomes.push(await addAndVerifySite(call, project, `http://${DEMO_SITE_HOST}/`, site));
    return outcomes;
  } finally {
    unpin();
    await revokeSession(ctx.database.db, token);
    await site.close();
  }
}

/**
 * Keeps the demo partner's site answering for as long as the server runs, so the re-checks of verified sites
 * (decision 0152) find its proof as a real site's owner would keep it: a local web server with the file and the
 * tag, and the site's name pinned to it. Answers the function that stops it.
 */
export async function serveDemoSite(app: FastifyInstance, userId: number): Promise<() => Promise<void>> {
  const site = await startPartnerSite();
  site.prove(siteVerificationFileName(DEMO_EMAIL), await siteTokenOf(app.ctx.database.db, userId));
  const unpin = pinSiteHost(app.ctx, DEMO_SITE_HOST, { address: '127.0.0.1', port: site.port, trusted: true });
  return async () => {
    unpin();
    await site.close();
  };
}
