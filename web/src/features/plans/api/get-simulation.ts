import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { PlansQuery, SimulationAnswer } from '@pc/core/contracts/plans';
import { readCall } from '../../../lib/read-call.ts';
import { PLANS_SCOPE } from './keys.ts';

/** GET /api/rates/simulation?app=: what each plan would have paid for the last 30 days of the partner's traffic. */
export const simulation = readCall<SimulationAnswer, PlansQuery>(PLANS_SCOPE, PLANS_PATHS.simulation);
export const getSimulation = simulation.fetch;
export const simulationQueryOptions = simulation.options;
export const useSimulation = simulation.use;
