import type { FastifyBaseLogger } from 'fastify';
import { deliverDuePostbacks, type PostbackContext } from '../lib/postbacks.ts';

export interface PostbackJob {
  /** Delivers the postbacks due now (a batch per call); never throws. */
  runIfDue(): Promise<{ delivered: number; failed: number }>;
}

/**
 * The scheduled postback delivery (decision 0123): every scheduler tick attempts the deliveries that are due (new
 * ones and retries whose backoff has passed), a batch at a time. Several instances may run it: a delivery is
 * claimed with FOR UPDATE SKIP LOCKED and leased, so each is attempted by one of them.
 */
export function postbackJob(ctx: PostbackContext, log: FastifyBaseLogger): PostbackJob {
  return {
    async runIfDue() {
      try {
        const r = await deliverDuePostbacks(ctx, log);
        if (r.delivered || r.failed) log.info(r, 'postbacks attempted');
        return r;
      } catch (error) {
        log.error({ err: error }, 'postback delivery failed; retried at the next tick');
        return { delivered: 0, failed: 0 };
      }
    },
  };
}
