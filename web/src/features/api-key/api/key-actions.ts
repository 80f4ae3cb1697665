import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_PATHS } from '@pc/core/contracts/paths';
import type { ApiKeyCreatedAnswer } from '@pc/core/contracts/webmaster';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { API_KEY_SCOPE } from './get-api-key.ts';


/** POST /api/api-key: creates the key, or rotates it (the old one stops working); the answer carries the key this once. */
export const createApiKey = () => http.post<ApiKeyCreatedAnswer>(API_KEY_PATHS.apiKey);

/** DELETE /api/api-key: revokes the key. */
export const revokeApiKey = () => http.delete<MessageAnswer>(API_KEY_PATHS.apiKey);

/**
 * A key action. Both need the account password: a 403 need_security_password starts the app-wide security check,
 * which repeats the call itself once it passes, so the outcome is heard in the mutation's own options (not the
 * caller's await). 404 (no key to revoke) and 429 are the page's to show.
 */
function useKeyAction<T>(call: () => Promise<T>, onSuccess: (answer: T) => void) {
  const queryClient = useQueryClient();
  const latest = useRef(onSuccess);
  latest.current = onSuccess;
  return useMutation({
    mutationFn: () => call(),
    meta: { handles: [404, 429] },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: [API_KEY_SCOPE] });
      latest.current(answer);
    },
  });
}

export const useCreateApiKey = (onSuccess: (answer: ApiKeyCreatedAnswer) => void) => useKeyAction(createApiKey, onSuccess);
export const useRevokeApiKey = (onSuccess: (answer: MessageAnswer) => void) => useKeyAction(revokeApiKey, onSuccess);
