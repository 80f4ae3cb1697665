import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { SourcesDetailsAnswer, sourcesDetailsQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/sources/details: the URLs of one domain, paged. */
export type SourcesDetailsParams = z.input<typeof sourcesDetailsQuery>;
export const sourcesDetails = readCall<SourcesDetailsAnswer, SourcesDetailsParams>(
  'statistics',
  STATISTICS_PATHS.sourcesDetails,
);
export const getSourcesDetails = sourcesDetails.fetch;
export const sourcesDetailsQueryOptions = sourcesDetails.options;
export const useSourcesDetails = sourcesDetails.use;
