import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { VideoRow, videosTodayQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/videos/today: today's video figures for a player type. */
export type VideosTodayParams = z.input<typeof videosTodayQuery>;
export const videosToday = readCall<VideoRow, VideosTodayParams>('statistics', STATISTICS_PATHS.videosToday);
export const getVideosToday = videosToday.fetch;
export const videosTodayQueryOptions = videosToday.options;
export const useVideosToday = videosToday.use;
