import type { z } from 'zod';
import { EARNINGS_PATHS } from '@pc/core/contracts/paths';
import type { EarningsStatAnswer, earningsStatQuery } from '@pc/core/contracts/earnings';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/earnings/stat: earnings per day, week or month with efficiency and coins, totals and the month table. */
export type EarningsStatParams = z.input<typeof earningsStatQuery>;
export const earningsStat = readCall<EarningsStatAnswer, EarningsStatParams>('earnings', EARNINGS_PATHS.stat);
export const getEarningsStat = earningsStat.fetch;
export const earningsStatQueryOptions = earningsStat.options;
export const useEarningsStat = earningsStat.use;
