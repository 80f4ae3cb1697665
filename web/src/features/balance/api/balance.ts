import { queryOptions, useQuery } from '@tanstack/react-query';
import { availableWithdrawalRead, holdInfoRead } from '../../../lib/balance-reads.ts';

/**
 * The balance figures of the user bar, from the balance reads the payouts screen shares (lib/balance-reads.ts):
 * { amount, balance } in micro-USD. When a call does not answer 200 (not deployed yet, or failing) the bar shows a
 * dash; no error dialog is raised for them.
 */

export interface Amounts {
  amount: number | null;
  balance: number | null;
}

const micro = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function amountsOf(answer: { amount?: unknown; balance?: unknown } | null | undefined): Amounts {
  return { amount: micro(answer?.amount), balance: micro(answer?.balance) };
}

export const availableWithdrawalQuery = queryOptions({ ...availableWithdrawalRead, select: amountsOf });
export const holdInfoQuery = queryOptions({ ...holdInfoRead, select: amountsOf });
export const useAvailableWithdrawal = () => useQuery(availableWithdrawalQuery);
export const useHoldInfo = () => useQuery(holdInfoQuery);
