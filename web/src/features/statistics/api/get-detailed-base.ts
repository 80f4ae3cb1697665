import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { DetailedAnswer, detailedBaseQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/**
 * GET /api/statistics/detailed/base: detailed figures per day, week or month, paged, with totals; with `sub_id`, the
 * tag's figures from the tag rollup (an answer that names its `sub_id`; decision 0206).
 */
export type DetailedBaseParams = z.input<typeof detailedBaseQuery>;
export const detailedBase = readCall<DetailedAnswer, DetailedBaseParams>(
  'statistics',
  STATISTICS_PATHS.detailedBase,
);
export const getDetailedBase = detailedBase.fetch;
export const detailedBaseQueryOptions = detailedBase.options;
export const useDetailedBase = detailedBase.use;
