import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FlaggedSaleRow, FlaggedSalesAnswer } from '@pc/core/contracts/console-flagged';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import type { FlaggedFilters } from './get-flagged-partners.ts';
import { FLAGGED_SCOPE } from './keys.ts';

export type { FlaggedSaleRow, FlaggedSalesAnswer };

export type FlaggedSalesParams = FlaggedFilters & { page: number; per_page: number };

/** GET /operator/v1/flagged-sales/{id}: one page of a partner's flagged sales in the period, newest first (flagged.read). */
export const getFlaggedSales = (id: number, params: FlaggedSalesParams, signal?: AbortSignal) =>
  operatorHttp.get<FlaggedSalesAnswer>(CONSOLE_PATHS.flaggedOf(id), { query: { ...params }, signal });

export const flaggedSalesQueryOptions = (id: number, params: FlaggedSalesParams) =>
  queryOptions({
    queryKey: [FLAGGED_SCOPE, 'sales', id, params] as const,
    queryFn: ({ signal }) => getFlaggedSales(id, params, signal),
    meta: SCREEN_READ_META,
    placeholderData: keepPreviousData,
  });

export const useFlaggedSales = (id: number, params: FlaggedSalesParams) => useQuery(flaggedSalesQueryOptions(id, params));
