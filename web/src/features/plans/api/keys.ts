import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { ProjectId } from '@pc/core/projects';

/** The query scope of the rate plans page's reads (readCall keys are [scope, path, params]). */
export const PLANS_SCOPE = 'plans';

/** The page's state of a project, as GET /api/rates answers it: every write answers it anew. */
export const plansKey = (app: ProjectId) => [PLANS_SCOPE, PLANS_PATHS.rates, { app }] as const;
