import type { FastifyInstance } from 'fastify';
import { DEMO_EMAIL, DEMO_PASSWORD, demoSeedEnabled, ensureDemoPartner } from './seed/demo.ts';
import { ensureDemoPayouts, ensureDemoWallets } from './seed/demo-payouts.ts';
import { ensureDemoReferrals } from './seed/demo-referrals.ts';
import { ensureDemoSites, serveDemoSite } from './seed/demo-sites.ts';
import { ensureDemoContent } from './seed/demo-content.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET, ensureDemoStaff } from './seed/demo-staff.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { startDemoTraffic } from './ingest/demo.ts';
import { seedDemoRates } from './money/exchange-rates.ts';

export interface Background {
  /** Lines for the start-up banner (demo sign-in, mailbox address, ...). */
  banner: string[];
  stop(): Promise<void>;
}

/**
 * What runs beside the HTTP server after it listens: the demo seed outside production, the scheduled day and
 * month closes, rate feeds. Each part registers itself here.
 */
export async function startBackground(app: FastifyInstance): Promise<Background> {
  const stops: Array<() => Promise<void>> = [];
  const banner: string[] = [];

  // Demo partner (outside production, unless SEED_DEMO=false).
  if (demoSeedEnabled(app.ctx)) {
    const demoUserId = await ensureDemoPartner(app.ctx);
    // The partners it invited, two levels deep; their traffic flows with its own and the closes book its commissions.
    const invited = await ensureDemoReferrals(app.ctx, demoUserId);
    // A placeholder exchange rate (source 'demo', dated today) for each currency no feed has answered yet.
    await seedDemoRates(app.ctx.database, app.ctx.clock.now());
    // Its traffic: 120 days of history once, then a live trickle, streamed after the server listens.
    // Its wallets at once; a payout history once the traffic has earned the money.
    await ensureDemoWallets(app.ctx, demoUserId);
    // Its site, added and verified through the sites calls against a local web server before the history is sent,
    // so the history's site-referral sales naming it earn the bonus.
    await ensureDemoSites(app, demoUserId).catch((error: unknown) => app.log.warn({ err: error }, 'demo site not verified'));
    // It keeps answering, so the weekly re-checks of verified sites find its proof (decision 0152).
    stops.push(await serveDemoSite(app, demoUserId));
    const demoTraffic = startDemoTraffic(app, demoUserId, { invited: [...invited.values()], afterHistory: () => ensureDemoPayouts(app.ctx, demoUserId) });
    stops.push(() => demoTraffic.stop());
    const publicUrl = app.ctx.config.PUBLIC_URL.replace(/\/$/, '');
    banner.push(`  Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    banner.push(`  Dev mailbox: ${publicUrl}/dev/mailbox`);
    // The console's staff, one per role (decision 0160), with a shared demo authenticator secret.
    await ensureDemoStaff(app.ctx);
    // News and notifications in several languages when there are none, so a new partner's pages are not empty.
    await ensureDemoContent(app.ctx);
    banner.push(`  Staff console: ${publicUrl}/operator  ${DEMO_STAFF.map((m) => m.email).join(', ')} / ${DEMO_STAFF_PASSWORD}`);
    banner.push(`  Staff authenticator (demo only): ${DEMO_STAFF_TOTP_SECRET}`);
  }
  // Day and month closes and the other jobs: at start (catch-up) and every minute after.
  const scheduler = startScheduler(app.ctx, app.log, { intervalMs: app.ctx.config.JOBS_INTERVAL_MS });
  stops.push(() => scheduler.stop());
  return {
    banner,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
