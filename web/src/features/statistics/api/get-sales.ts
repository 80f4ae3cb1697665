import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { SalesAnswer, salesQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/sales: sales of the partner's files and sites, paged (last two years). */
export type SalesParams = z.input<typeof salesQuery>;
export const sales = readCall<SalesAnswer, SalesParams>('statistics', STATISTICS_PATHS.sales);
export const getSales = sales.fetch;
export const salesQueryOptions = sales.options;
export const useSales = sales.use;
