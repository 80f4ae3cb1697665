import type { z } from 'zod';
import { BUYERS_PATHS } from '@pc/core/contracts/buyers-paths';
import type { BuyersAnswer, buyersQuery } from '@pc/core/contracts/buyers';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/buyers: the premium buyers of the partner's sales in one project (last 24 months), newest first. */
export type BuyersParams = z.input<typeof buyersQuery>;
export const buyers = readCall<BuyersAnswer, BuyersParams>('buyers', BUYERS_PATHS.buyers);
export const getBuyers = buyers.fetch;
export const buyersQueryOptions = buyers.options;
export const useBuyers = buyers.use;
