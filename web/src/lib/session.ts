import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserAnswer } from '@pc/core/contracts/auth';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { http, isApiError } from './http.ts';
import { storage } from './storage.ts';

/**
 * The signed-in partner. GET /api/user answers 401 for guests, which is a normal answer here (null),
 * not an error. The logged-in flag in local storage follows docs/product.md#start-up.
 */
export type CurrentUser = UserAnswer;

export const USER_QUERY_KEY = ['session', 'user'] as const;

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await http.get<CurrentUser>(AUTH_PATHS.user);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
  staleTime: 5 * 60 * 1000,
  retry: false,
});

export function useCurrentUser(): CurrentUser | null {
  return useQuery(currentUserQuery).data ?? null;
}

export function setSignedIn(queryClient: QueryClient, user: CurrentUser) {
  storage.setLoggedIn(true);
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

export function setSignedOut(queryClient: QueryClient) {
  storage.setLoggedIn(false);
  queryClient.setQueryData(USER_QUERY_KEY, null);
  // Everything cached belongs to the partner who just left.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  return {
    signedIn: (user: CurrentUser) => setSignedIn(queryClient, user),
    signedOut: () => setSignedOut(queryClient),
    refresh: () => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }),
  };
}

/** Whether the partner has activated the programme of a project (app_users_id has it). */
export function isProgramActive(user: CurrentUser | null, project: string): boolean {
  if (!user) return false;
  return typeof (user.app_users_id as Record<string, number | undefined>)[project] === 'number';
}
