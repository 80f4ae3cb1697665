import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { SourcesBaseAnswer, sourcesBaseQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/sources/base: domains with hits, downloads, unique downloads and purchases, paged. */
export type SourcesBaseParams = z.input<typeof sourcesBaseQuery>;
export const sourcesBase = readCall<SourcesBaseAnswer, SourcesBaseParams>(
  'statistics',
  STATISTICS_PATHS.sourcesBase,
);
export const getSourcesBase = sourcesBase.fetch;
export const sourcesBaseQueryOptions = sourcesBase.options;
export const useSourcesBase = sourcesBase.use;
