import { useQuery } from '@tanstack/react-query';
import { availableWithdrawalRead } from '../../../lib/balance-reads.ts';

/**
 * GET /api/payouts/user/available-withdrawal: available for payout, the balance, on hold and requests in progress.
 * The user bar's read of it, shared (lib/balance-reads.ts).
 */
export const useAvailableWithdrawal = () => useQuery(availableWithdrawalRead);
