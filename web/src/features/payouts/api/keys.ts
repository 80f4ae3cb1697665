import type { QueryClient } from '@tanstack/react-query';
import { PAYOUT_PATHS } from '@pc/core/contracts/paths';

/**
 * The query keys the payouts screen's writes refresh (readCall keys are [scope, path, params]). The balance reads
 * (['balance', …], shared with the user bar: lib/balance-reads.ts) change with every payout request too.
 */
export const PAYOUTS_SCOPE = 'payouts';

export const purseKeys = [[PAYOUTS_SCOPE, PAYOUT_PATHS.purses]] as const;

export const payoutKeys = [
  [PAYOUTS_SCOPE, PAYOUT_PATHS.payouts],
  [PAYOUTS_SCOPE, 'timeline'],
  ['balance'],
] as const;

/** Marks the queries under these keys stale, so that the screen reads them again (after a write). */
export const refreshQueries = (queryClient: QueryClient, keys: ReadonlyArray<readonly unknown[]>) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
