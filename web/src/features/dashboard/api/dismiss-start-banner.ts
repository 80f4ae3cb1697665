import { useMutation, useQueryClient } from '@tanstack/react-query';
import { START_PATHS } from '@pc/core/contracts/paths';
import type { StartAnswer } from '@pc/core/contracts/start';
import { http } from '../../../lib/http.ts';
import { startProgress } from './get-start-progress.ts';

/** POST /api/start/banner/dismiss with no payload: the get-started banner is hidden for good. */
export const dismissStartBanner = () => http.post<StartAnswer>(START_PATHS.dismissBanner);

/** Hides the banner at once and stores the choice; if storing fails, the banner comes back. */
export function useDismissStartBanner() {
  const queryClient = useQueryClient();
  const { queryKey } = startProgress.options({});
  return useMutation({
    mutationFn: dismissStartBanner,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<StartAnswer>(queryKey);
      if (before) queryClient.setQueryData<StartAnswer>(queryKey, { ...before, banner: false });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData<StartAnswer>(queryKey, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData<StartAnswer>(queryKey, answer),
  });
}
