import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerLedgerAnswer } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type LedgerAnswer = z.infer<typeof partnerLedgerAnswer>;

/** The ledger's filters as the call takes them; `from` and `to` are days (YYYY-MM-DD). */
export interface LedgerFilters {
  kind?: string;
  source?: string;
  project?: string;
  from?: string;
  to?: string;
}

/** GET /operator/v1/partners/{id}/ledger: one page of the partner's ledger entries, with the sum of the filter (partners.read). */
export const getLedger = (id: number, params: LedgerFilters & { page: number; per_page: number }, signal?: AbortSignal) =>
  operatorHttp.get<LedgerAnswer>(CONSOLE_PATHS.partnerLedger(id), { query: { ...params }, signal });

export const ledgerQueryOptions = (id: number, params: LedgerFilters & { page: number; per_page: number }) =>
  queryOptions({
    queryKey: [PARTNERS_SCOPE, 'ledger', id, params] as const,
    queryFn: ({ signal }) => getLedger(id, params, signal),
    meta: SCREEN_READ_META,
    placeholderData: keepPreviousData,
  });

export const useLedger = (id: number, params: LedgerFilters & { page: number; per_page: number }) => useQuery(ledgerQueryOptions(id, params));
