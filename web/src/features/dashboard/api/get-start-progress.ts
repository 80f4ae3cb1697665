import { START_PATHS } from '@pc/core/contracts/paths';
import type { StartAnswer } from '@pc/core/contracts/start';
import { readCall } from '../../../lib/read-call.ts';

/**
 * GET /api/start for the dashboard's get-started banner: how many steps are done and whether the banner shows.
 * The same query as the get-started page's, so both read one answer.
 */
export const startProgress = readCall<StartAnswer>('start', START_PATHS.start);
export const useStartProgress = startProgress.use;
