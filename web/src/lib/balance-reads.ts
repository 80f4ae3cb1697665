import { queryOptions } from '@tanstack/react-query';
import { BALANCE_PATHS } from '@pc/core/contracts/paths';
import type { AvailableWithdrawalAnswer, HoldInfoAnswer } from '@pc/core/contracts/balance';
import { http } from './http.ts';
import { SCREEN_READ_META } from './read-call.ts';

/**
 * The balance reads: what is available for payout and what is on hold. Every signed-in screen's user bar shows them
 * and the payouts screen details them, so they are one query each, under one key (['balance', …], which every
 * write that moves money refreshes): a payouts screen opened on its own does not ask for them a second time beside
 * the bar. A failed read shows a dash in the bar and an error block on the payouts screen, never the global error
 * dialog, and is not tried again on its own (the block has its retry); 405 and 501 are a call not deployed yet.
 */
const BALANCE_READ_META = { handles: [...SCREEN_READ_META.handles, 405, 501] };

/** How long a balance answer counts as fresh: the bar's and the payouts screen's mounts right after a read reuse it. */
export const BALANCE_FRESH_MS = 30_000;

export const availableWithdrawalRead = queryOptions({
  queryKey: ['balance', 'available'] as const,
  queryFn: ({ signal }) => http.get<AvailableWithdrawalAnswer>(BALANCE_PATHS.availableWithdrawal, { signal }),
  meta: BALANCE_READ_META,
  retry: false,
  staleTime: BALANCE_FRESH_MS,
});

export const holdInfoRead = queryOptions({
  queryKey: ['balance', 'hold'] as const,
  queryFn: ({ signal }) => http.get<HoldInfoAnswer>(BALANCE_PATHS.holdInfo, { signal }),
  meta: BALANCE_READ_META,
  retry: false,
  staleTime: BALANCE_FRESH_MS,
});
