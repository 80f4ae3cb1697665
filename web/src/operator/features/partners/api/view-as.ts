import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { viewAsAnswer } from '@pc/core/contracts/console';
import { CONSOLE_PATHS, operatorHttp } from '../../../lib/http.ts';
import { CHANGE_META, refreshPartners } from './keys.ts';

export type ViewAsAnswer = z.infer<typeof viewAsAnswer>;

/**
 * POST /operator/v1/partners/{id}/view-as (partners.view_as): a one-time link, good for two minutes, that opens the
 * partner's cabinet read-only for 15 minutes. Its session then shows among the partner's.
 */
export const viewAs = (id: number) => operatorHttp.post<ViewAsAnswer>(CONSOLE_PATHS.partnerViewAs(id), {});

export function useViewAs() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: viewAs, meta: CHANGE_META, onSettled: () => refreshPartners(queryClient) });
}
