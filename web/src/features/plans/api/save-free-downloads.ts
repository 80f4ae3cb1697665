import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLANS_PATHS } from '@pc/core/contracts/paths';
import type { PlansWriteAnswer } from '@pc/core/contracts/plans';
import type { FreeDownloadMode } from '@pc/core/rules/plans';
import type { ProjectId } from '@pc/core/projects';
import { http } from '../../../lib/http.ts';
import { plansKey } from './keys.ts';

export interface FreeDownloadsInput {
  mode: FreeDownloadMode;
  new_files_default: boolean;
  inbox_default: boolean;
  /** Bytes, or null for no size cap. */
  max_file_size_bytes: number | null;
}

/** POST /api/rates/free-downloads?app=: the whole free-download settings (PPS only). */
export const saveFreeDownloads = (app: ProjectId, input: FreeDownloadsInput) =>
  http.post<PlansWriteAnswer>(
    PLANS_PATHS.freeDownloads,
    { ...input, max_file_size_bytes: input.max_file_size_bytes ?? 'unlimited' },
    { query: { app } },
  );

export function useSaveFreeDownloads(app: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FreeDownloadsInput) => saveFreeDownloads(app, input),
    meta: { handles: [400, 404, 409, 422, 429] },
    onSuccess: (answer) => queryClient.setQueryData(plansKey(app), answer.data),
  });
}
