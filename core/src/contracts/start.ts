import { z } from 'zod';
import { isoDate, projectSchema } from './common.ts';
import { START_PATHS, START_STEPS } from './paths.ts';

/**
 * The get-started guide (docs/product.md#get-started): GET /api/start answers five steps, each derived
 * from the partner's real state, never stored as ticks:
 * - `program`: a programme activated (partner_programs);
 * - `upload`: an upload event ingested for the partner (ingest_files with uploaded_at);
 * - `download`: a download counted in the partner's rollups (ingest_daily.downloads > 0; done_at is that day's 00:00 UTC);
 * - `plan`: a plan chosen by the partner: a partner_plans row other than the one activation writes (activation
 *   writes effective_from = chosen_at = activated_at; any other row is the partner's choice);
 * - `wallet`: a wallet that is live (purses not deleted; confirmed or still awaiting its e-mail confirmation).
 */
export { START_PATHS, START_STEPS };
export type StartStepId = (typeof START_STEPS)[number];

export const startStep = z.object({
  id: z.enum(START_STEPS),
  done: z.boolean(),
  /** When the step was first done; null while it is not. */
  done_at: isoDate.nullable(),
  /** The project the step was done in (program, upload, download, plan); for a plan not yet chosen, the first
   *  activated programme's project, so that the action can link to its rates page. Absent otherwise. */
  project: projectSchema.optional(),
});
export type StartStep = z.infer<typeof startStep>;

export const startAnswer = z.object({
  steps: z.array(startStep),
  /** How many steps are done. */
  done: z.number().int(),
  total: z.number().int(),
  /**
   * Whether the dashboard shows the get-started banner: while a step is open and the partner has not dismissed it
   * (POST /api/start/banner/dismiss, stored with the partner: it never comes back).
   */
  banner: z.boolean(),
});
export type StartAnswer = z.infer<typeof startAnswer>;
