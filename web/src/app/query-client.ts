import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { feedback } from '../components/feedback/feedback-store.ts';
import { requestSecurityCheck } from '../components/security/security-requests.ts';
import { isApiError } from '../lib/http.ts';
import { i18n } from '../lib/i18n.ts';
import { setSignedOut } from '../lib/session.ts';
import { navigateTo } from './navigation.ts';
import { href } from '../lib/routes.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

export interface AppMeta extends Record<string, unknown> {
  /** HTTP statuses this call handles itself; the global handling leaves them alone. */
  handles?: number[];
}

/**
 * docs/product.md#errors, in one place: what an API error causes regardless of the screen.
 * 401 signs out and goes to the root; 5xx shows the '500 error' dialog; 403 operations_are_frozen shows
 * the Security check dialog with its dates; 403 need_security_code / need_security_password start the
 * security check and repeat the call after it passes. Field errors (422) stay with their forms.
 */
export function handleApiError(queryClient: QueryClient, error: unknown, meta: AppMeta | undefined, retry?: () => unknown) {
  if (!isApiError(error)) return;
  if (meta?.handles?.includes(error.status)) return;
  const t = i18n.t.bind(i18n);
  if (error.status === 401) {
    setSignedOut(queryClient);
    navigateTo(href('root'));
    return;
  }
  if (error.status >= 500) {
    feedback.message('error', t('dialogs:error500.title'), t('dialogs:error500.message'));
    return;
  }
  if (error.status === 403) {
    if (error.code === 'operations_are_frozen') {
      // Loaded when needed: its date formatting would otherwise weigh on every first load, the sign-in page's too.
      void import('../components/security/frozen-message.ts').then(({ frozenMessage }) =>
        feedback.message('error', t('dialogs:security.title'), frozenMessage(t, error.body.changed_at, error.body.allowed_at)),
      );
      return;
    }
    if (error.code === 'need_security_code' && retry) {
      requestSecurityCheck('code', retry);
      return;
    }
    if (error.code === 'need_security_password' && retry) {
      requestSecurityCheck('password', retry);
      return;
    }
  }
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleApiError(queryClient, error, query.meta, () => query.fetch()),
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) =>
        handleApiError(queryClient, error, mutation.options.meta, () => mutation.execute(variables)),
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => isApiError(error) && error.code === 'network' && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
