import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { feedback } from '../../components/feedback/feedback-store.ts';
import { isApiError } from '../../lib/http.ts';
import { consoleI18n } from '../lib/i18n.ts';
import { endConsoleSession } from '../lib/session.ts';

/**
 * What an operator API error causes whatever the screen: 401 (the session ran idle, or was ended elsewhere) forgets
 * the member, and the guard shows the sign-in page with a notice; 5xx opens the error dialog. Everything else
 * (403, 404, 409, 422, 429) stays with the screen or form that made the call.
 */
export function handleConsoleError(queryClient: QueryClient, error: unknown, meta: { handles?: number[] } | undefined) {
  if (!isApiError(error) || meta?.handles?.includes(error.status)) return;
  if (error.status === 401) {
    endConsoleSession(queryClient, error.body.reason === 'session_expired' ? 'session_expired' : 'signed_out');
    return;
  }
  if (error.status >= 500) {
    const t = consoleI18n.t.bind(consoleI18n);
    feedback.message('error', t('dialogs:error500.title'), t('dialogs:error500.message'));
  }
}

export function createConsoleQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleConsoleError(queryClient, error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => handleConsoleError(queryClient, error, mutation.options.meta) }),
    defaultOptions: {
      queries: { retry: (count, error) => isApiError(error) && error.code === 'network' && count < 2, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
