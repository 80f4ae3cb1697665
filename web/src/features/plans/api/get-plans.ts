import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { PlansAnswer, PlansQuery } from '@pc/core/contracts/plans';
import { readCall } from '../../../lib/read-call.ts';
import { PLANS_SCOPE } from './keys.ts';

/**
 * GET /api/rates?app=: the plan in force, the plan from the next day, when a change is possible, the plan
 * history, the free-download settings (PPS), the price variations and the countries of each group.
 */
export const plans = readCall<PlansAnswer, PlansQuery>(PLANS_SCOPE, PLANS_PATHS.rates);
export const getPlans = plans.fetch;
export const plansQueryOptions = plans.options;
export const usePlans = plans.use;
