import { useRef } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError, type ApiRequestError } from '../../../lib/http.ts';
import { USER_QUERY_KEY } from '../../../lib/session.ts';

/** The answer of a settings action that only reports its outcome with a localized message. */
export type { MessageAnswer } from '@pc/core/contracts/common';

/** Every read of the screen starts with this scope: saving anything reads them again. */
export const SETTINGS_SCOPE = ['settings'] as const;
/** What a saved change refreshes: the screen, and the signed-in partner (name and e-mail in the top bar). */
export const AFTER_ACCOUNT_CHANGE: readonly QueryKey[] = [SETTINGS_SCOPE, USER_QUERY_KEY];

/**
 * Statuses a settings form shows itself (422 on its fields, the others as a message above them). 401, 5xx and
 * 403 stay with the call layer: 403 need_security_code / need_security_password start the security check, which
 * repeats the call once it passes; 403 operations_are_frozen shows the Security check dialog.
 */
export const FORM_META = { handles: [400, 404, 409, 410, 422, 429] };
const APP_WIDE_403 = ['need_security_code', 'need_security_password', 'operations_are_frozen'];

export interface ActionCallbacks<TAnswer, TBody> {
  onSuccess?(answer: TAnswer, body: TBody): void;
  /** The server refused the values (see FORM_META); not called for what the app handles itself. */
  onRefused?(error: ApiRequestError, body: TBody): void;
}

/** Whether a failed call is the form's to show (and not the call layer's). */
export function isRefusal(error: unknown): error is ApiRequestError {
  if (!isApiError(error)) return false;
  if (error.status === 403) return !APP_WIDE_403.includes(error.code);
  return FORM_META.handles.includes(error.status);
}

/**
 * A settings action. Its outcome goes to the callbacks from the mutation's own options, not from the caller's
 * await: after a 403 need_security_password the security check repeats the call itself (mutation.execute), and
 * only the mutation's options hear how that repeat ends. The callbacks are read when the call ends, so they
 * are always the screen's current ones.
 */
export function useSettingsAction<TAnswer, TBody>(
  call: (body: TBody) => Promise<TAnswer>,
  refresh: readonly QueryKey[],
  callbacks: ActionCallbacks<TAnswer, TBody>,
) {
  const queryClient = useQueryClient();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  return useMutation({
    mutationFn: call,
    meta: FORM_META,
    onSuccess: (answer, body) => {
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
      latest.current.onSuccess?.(answer, body);
    },
    onError: (error, body) => {
      if (isRefusal(error)) latest.current.onRefused?.(error, body);
    },
  });
}
