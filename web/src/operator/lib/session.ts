import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StaffMe } from '@pc/core/contracts/staff';
import type { StaffPermission } from '@pc/core/rules/staff-access';
import { isApiError } from '../../lib/http.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { CONSOLE_PATHS, operatorHttp } from './http.ts';

/** GET /operator/v1/session/me: the signed-in member and its role's permissions; null when nobody is signed in. */
export async function getMe(): Promise<StaffMe | null> {
  try {
    return await operatorHttp.get<StaffMe>(CONSOLE_PATHS.me);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const ME_KEY = ['console', 'me'] as const;
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: getMe,
  // Known from the start (main.tsx) and changed only by signing in and out.
  staleTime: Infinity,
  meta: { handles: [401] },
});

/** The signed-in member, or null. */
export function useMe(): StaffMe | null {
  return useQuery(meQuery).data ?? null;
}

export function mayDo(me: StaffMe | null, permission: StaffPermission): boolean {
  return me?.permissions.includes(permission) ?? false;
}

/** Why the console went back to its sign-in page, for the notice there. */
export type SignedOutReason = 'session_expired' | 'signed_out' | 'signed_out_here';
export const signedOutNotice = createStore<SignedOutReason | null>(null);
export const useSignedOutNotice = () => useStore(signedOutNotice);

/** Forgets the member and every answer of theirs; the guard then shows the sign-in page. */
export function endConsoleSession(queryClient: QueryClient, reason: SignedOutReason) {
  signedOutNotice.set(reason);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] || query.queryKey[1] !== ME_KEY[1] });
  queryClient.setQueryData(ME_KEY, null);
}

/** After the last sign-in step: who signed in. */
export async function startConsoleSession(queryClient: QueryClient): Promise<StaffMe | null> {
  signedOutNotice.set(null);
  const me = await getMe();
  queryClient.setQueryData(ME_KEY, me);
  return me;
}
