import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { StoragePeriodAnswer } from '@pc/core/contracts/dashboard';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/dashboard/storage-period: storage terms per project and the next review. */
export const storagePeriod = readCall<StoragePeriodAnswer>('dashboard', DASHBOARD_PATHS.storagePeriod);
export const getStoragePeriod = storagePeriod.fetch;
export const storagePeriodQueryOptions = storagePeriod.options;
export const useStoragePeriod = () => storagePeriod.use({});
