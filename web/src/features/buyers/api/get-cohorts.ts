import type { z } from 'zod';
import { BUYERS_PATHS } from '@pc/core/contracts/buyers-paths';
import type { CohortsAnswer, cohortsQuery } from '@pc/core/contracts/buyers';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/buyers/cohorts: buyers by the month of their first purchase, with rebills and earnings per buyer by month. */
export type CohortsParams = z.input<typeof cohortsQuery>;
export const cohorts = readCall<CohortsAnswer, CohortsParams>('buyers', BUYERS_PATHS.cohorts);
export const getCohorts = cohorts.fetch;
export const cohortsQueryOptions = cohorts.options;
export const useCohorts = cohorts.use;
