import { queryOptions, useQuery } from '@tanstack/react-query';
import { BALANCE_PATHS } from '@pc/core/contracts/paths';
import { http } from '../../../lib/http.ts';

/** GET /api/payouts/user/available-withdrawal: { amount, balance, ... } and hold-info: { amount, ... }, micro-USD. */

interface AmountAnswer {
  amount?: unknown;
  balance?: unknown;
}

export interface Amounts {
  amount: number | null;
  balance: number | null;
}

const micro = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function amountsOf(answer: AmountAnswer | null | undefined): Amounts {
  return { amount: micro(answer?.amount), balance: micro(answer?.balance) };
}

/**
 * The balance figures of the user bar. When a call does not answer 200 (not deployed yet, or failing) the bar
 * shows a dash; no error dialog is raised for them.
 */
const amountQuery = (key: string, path: string) =>
  queryOptions({
    queryKey: ['balance', key],
    queryFn: async () => amountsOf(await http.get<AmountAnswer>(path)),
    meta: { handles: [400, 403, 404, 405, 500, 501, 502, 503] },
    retry: false,
    staleTime: 60_000,
  });

export const availableWithdrawalQuery = amountQuery('available', BALANCE_PATHS.availableWithdrawal);
export const holdInfoQuery = amountQuery('hold', BALANCE_PATHS.holdInfo);
export const useAvailableWithdrawal = () => useQuery(availableWithdrawalQuery);
export const useHoldInfo = () => useQuery(holdInfoQuery);
