import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { VideosStatAnswer, videosStatQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/videos/stat: video figures per day, week or month for a player type, paged. */
export type VideosStatParams = z.input<typeof videosStatQuery>;
export const videosStat = readCall<VideosStatAnswer, VideosStatParams>(
  'statistics',
  STATISTICS_PATHS.videosStat,
);
export const getVideosStat = videosStat.fetch;
export const videosStatQueryOptions = videosStat.options;
export const useVideosStat = videosStat.use;
