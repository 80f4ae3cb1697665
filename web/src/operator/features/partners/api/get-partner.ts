import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerAnswer, partnerLedgerRow } from '@pc/core/contracts/console';
import { SCREEN_READ_META } from '../../../../lib/read-call.ts';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { PARTNERS_SCOPE } from './keys.ts';

export type PartnerAnswer = z.infer<typeof partnerAnswer>;
export type PartnerLedgerRow = z.infer<typeof partnerLedgerRow>;

/** GET /operator/v1/partners/{id}: profile, status, programmes and plans, balance, latest ledger entries (partners.read). */
export const getPartner = (id: number, signal?: AbortSignal) => operatorHttp.get<PartnerAnswer>(CONSOLE_PATHS.partner(id), { signal });

export const partnerQueryOptions = (id: number) =>
  queryOptions({ queryKey: [PARTNERS_SCOPE, 'partner', id] as const, queryFn: ({ signal }) => getPartner(id, signal), meta: SCREEN_READ_META });

export const usePartner = (id: number) => useQuery(partnerQueryOptions(id));
