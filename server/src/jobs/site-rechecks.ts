import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { recheckDueSites } from '../modules/sites/rechecks.ts';

export interface SiteRecheckJob {
  /** Checks the verified sites that are due (a few per call); never throws. */
  runIfDue(): Promise<number>;
}

/**
 * The scheduled re-checks of verified sites (decision 0152): every scheduler tick checks the few sites whose next
 * check has come. Several instances may run it: a site is claimed (SKIP LOCKED) before it is fetched.
 */
export function siteRecheckJob(ctx: AppContext, log: FastifyBaseLogger): SiteRecheckJob {
  return {
    async runIfDue() {
      try {
        return (await recheckDueSites(ctx, log)).length;
      } catch (error) {
        log.error({ err: error }, 'site re-checks failed; retried at the next tick');
        return 0;
      }
    },
  };
}
