import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { FilesAnswer, filesQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/files: the partner's files with today's and total figures and hints, paged. */
export type FilesParams = z.input<typeof filesQuery>;
export const files = readCall<FilesAnswer, FilesParams>('statistics', STATISTICS_PATHS.files);
export const getFiles = files.fetch;
export const filesQueryOptions = files.options;
export const useFiles = files.use;
