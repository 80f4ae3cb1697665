import type { z } from 'zod';
import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { InfoBlocksAnswer, infoBlocksQuery } from '@pc/core/contracts/dashboard';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/dashboard/info-blocks: earnings, downloads and purchases of a period, the balance and the pending part. */
export type InfoBlocksParams = z.input<typeof infoBlocksQuery>;
export const infoBlocks = readCall<InfoBlocksAnswer, InfoBlocksParams>(
  'dashboard',
  DASHBOARD_PATHS.infoBlocks,
);
export const getInfoBlocks = infoBlocks.fetch;
export const infoBlocksQueryOptions = infoBlocks.options;
export const useInfoBlocks = infoBlocks.use;
