import { useQuery } from '@tanstack/react-query';
import { holdInfoRead } from '../../../lib/balance-reads.ts';

/**
 * GET /api/payouts/user/hold-info: the amount on hold, its hold period, its breakdown by source and when it is
 * released. The user bar's read of it, shared (lib/balance-reads.ts).
 */
export const useHoldInfo = () => useQuery(holdInfoRead);
