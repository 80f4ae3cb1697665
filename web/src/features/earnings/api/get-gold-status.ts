import type { z } from 'zod';
import { EARNINGS_PATHS } from '@pc/core/contracts/paths';
import type { GoldStatusAnswer, goldStatusQuery } from '@pc/core/contracts/earnings';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/earnings/gold-status: the partner's gold level, the next one, efficiency, coins and the next-level hint. */
export type GoldStatusParams = z.input<typeof goldStatusQuery>;
export const goldStatus = readCall<GoldStatusAnswer, GoldStatusParams>('earnings', EARNINGS_PATHS.goldStatus);
export const getGoldStatus = goldStatus.fetch;
export const goldStatusQueryOptions = goldStatus.options;
export const useGoldStatus = goldStatus.use;
