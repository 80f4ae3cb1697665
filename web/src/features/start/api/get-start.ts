import { START_PATHS } from '@pc/core/contracts/paths';
import type { StartAnswer } from '@pc/core/contracts/start';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/start: the five get-started steps, each derived from the partner's real state. */
export const start = readCall<StartAnswer>('start', START_PATHS.start);
export const useStart = start.use;
