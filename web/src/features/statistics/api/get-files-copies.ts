import type { z } from 'zod';
import { STATISTICS_PATHS } from '@pc/core/contracts/paths';
import type { FilesAnswer, filesQuery } from '@pc/core/contracts/statistics';
import { readCall } from '../../../lib/read-call.ts';

/** GET /api/statistics/files-copies: copies of the partner's files saved by others, paged. */
export type FilesCopiesParams = z.input<typeof filesQuery>;
export const filesCopies = readCall<FilesAnswer, FilesCopiesParams>(
  'statistics',
  STATISTICS_PATHS.filesCopies,
);
export const getFilesCopies = filesCopies.fetch;
export const filesCopiesQueryOptions = filesCopies.options;
export const useFilesCopies = filesCopies.use;
