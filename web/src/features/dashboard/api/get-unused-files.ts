import { DASHBOARD_PATHS } from '@pc/core/contracts/paths';
import type { UnusedFilesAnswer } from '@pc/core/contracts/dashboard';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/dashboard/unused-files: files without downloads per period: count, size and monthly storage cost. */
export const unusedFiles = readCall<UnusedFilesAnswer>('dashboard', DASHBOARD_PATHS.unusedFiles);
export const getUnusedFiles = unusedFiles.fetch;
export const unusedFilesQueryOptions = unusedFiles.options;
export const useUnusedFiles = () => unusedFiles.use({});
