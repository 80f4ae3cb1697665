import { z } from 'zod';
import { projectSchema } from './common.ts';

/** POST /dashboard/activate-unlimited-status (docs/product.md#storage): the automatic unlimited status, or a trial. */
export const activateUnlimitedBody = z.strictObject({
  app: projectSchema,
  /** Trial length in months (1 or 2). */
  months: z.coerce.number().int().min(1).max(2).default(1),
});

export const activateUnlimitedAnswer = z.object({
  data: z.object({
    kind: z.enum(['auto', 'trial']),
    start: z.string(),
    end: z.string(),
    months: z.number().int(),
  }),
});

export type ActivateUnlimitedAnswer = z.infer<typeof activateUnlimitedAnswer>;
