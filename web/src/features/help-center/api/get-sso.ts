import { queryOptions, useQuery } from '@tanstack/react-query';
import { HELP_CENTER_PATHS } from '@pc/core/contracts/paths';
import type { HelpCenterSsoAnswer } from '@pc/core/contracts/help-center';
import { http } from '../../../lib/http.ts';
import { SCREEN_READ_META } from '../../../lib/read-call.ts';

/**
 * GET /api/help-center/sso: the help centre's address with a fresh sign-on token (valid a few minutes). Never
 * kept: every visit asks for a new one, and a failure is not retried (a 404 means no help centre is configured).
 */
export const getHelpCenterSso = (signal?: AbortSignal) =>
  http.get<HelpCenterSsoAnswer>(HELP_CENTER_PATHS.sso, { signal });

export const helpCenterSsoQueryOptions = () =>
  queryOptions({
    queryKey: ['help-center', HELP_CENTER_PATHS.sso] as const,
    queryFn: ({ signal }) => getHelpCenterSso(signal),
    meta: SCREEN_READ_META,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export const useHelpCenterSso = () => useQuery(helpCenterSsoQueryOptions());
