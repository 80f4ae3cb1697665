import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback } from '../feedback/feedback-store.ts';
import { frozenMessage } from './frozen-message.ts';
import { isApiError } from '../../lib/http.ts';
import { fetchSecurityInfo, postCheckCode, postCheckPassword, type SecurityInfo } from './api.ts';
import type { SecurityMode } from './security-requests.ts';

type Action = () => unknown;

export interface SecurityCheckState {
  /** Which dialog is open. */
  dialog: 'none' | 'code' | 'password';
  code: string;
  password: string;
  captcha: string;
  /** The message under the field it belongs to. */
  error: string;
  errorField: 'code' | 'password' | 'captcha' | null;
  saving: boolean;
  /** Changes whenever the captcha must be reset. */
  captchaResetKey: number;
}

const INITIAL: SecurityCheckState = {
  dialog: 'none',
  code: '',
  password: '',
  captcha: '',
  error: '',
  errorField: null,
  saving: false,
  captchaResetKey: 0,
};

interface Pending {
  action: Action;
  onClose?: () => void;
  askPassword: boolean;
}

/**
 * The security check flow (docs/product.md#security) for a protected action:
 * 1. load the security info for the mode (both, code, password);
 * 2. code or both and not allowed: cancel, run the close callback, clear the pending action and show the
 *    Security check error dialog with the changed and allowed dates;
 * 3. a code is asked: the code dialog; a correct code runs the action and closes; wrong or empty: error;
 * 4. a password is asked: the password dialog with a fresh captcha; success runs the action;
 * 5. neither: the action runs at once.
 * Closing a dialog runs the close callback and clears code, password, error and saving.
 */
export function useSecurityCheck() {
  const { t } = useTranslation('dialogs');
  const queryClient = useQueryClient();
  const [state, setState] = useState<SecurityCheckState>(INITIAL);
  const pending = useRef<Pending | null>(null);
  const [loading, setLoading] = useState(false);

  const checkCode = useMutation({ mutationFn: postCheckCode, meta: { handles: [422] } });
  const checkPassword = useMutation({ mutationFn: postCheckPassword, meta: { handles: [422] } });

  const reset = useCallback((keepDialog = false) => {
    setState((prev) => ({
      ...INITIAL,
      dialog: keepDialog ? prev.dialog : 'none',
      captchaResetKey: prev.captchaResetKey + 1,
    }));
  }, []);

  const close = useCallback(() => {
    const current = pending.current;
    pending.current = null;
    reset();
    current?.onClose?.();
  }, [reset]);

  const finish = useCallback(
    async (action: Action) => {
      pending.current = null;
      reset();
      await action();
    },
    [reset],
  );

  const openPassword = useCallback(() => {
    setState((prev) => ({ ...INITIAL, dialog: 'password', captchaResetKey: prev.captchaResetKey + 1 }));
  }, []);

  const run = useCallback(
    async (mode: SecurityMode, action: Action, options: { onClose?: () => void } = {}) => {
      setLoading(true);
      let info: SecurityInfo;
      try {
        info = await queryClient.fetchQuery({
          queryKey: ['security', 'info', mode],
          queryFn: () => fetchSecurityInfo(mode),
          staleTime: 0,
          gcTime: 0,
        });
      } catch {
        // The call layer already reported it (dialog or sign-out); the action does not run.
        setLoading(false);
        options.onClose?.();
        return;
      }
      setLoading(false);
      if ((mode === 'code' || mode === 'both') && !info.is_allowed) {
        pending.current = null;
        reset();
        options.onClose?.();
        feedback.message(
          'error',
          t('security.title'),
          frozenMessage(t, info.code_created_at, info.will_be_allowed_at),
        );
        return;
      }
      if (info.ask_code) {
        pending.current = { action, onClose: options.onClose, askPassword: info.ask_password };
        setState((prev) => ({ ...INITIAL, dialog: 'code', captchaResetKey: prev.captchaResetKey }));
        return;
      }
      if (info.ask_password) {
        pending.current = { action, onClose: options.onClose, askPassword: false };
        openPassword();
        return;
      }
      await action();
    },
    [queryClient, reset, t, openPassword],
  );

  const submitCode = useCallback(async () => {
    const current = pending.current;
    if (!current) return;
    const code = state.code.trim();
    if (!code) {
      setState((prev) => ({ ...prev, error: t('security.codeWrong'), errorField: 'code' }));
      return;
    }
    setState((prev) => ({ ...prev, saving: true, error: '', errorField: null }));
    try {
      const answer = await checkCode.mutateAsync(code);
      if (!answer?.success) throw new Error('wrong code');
    } catch (error) {
      if (isApiError(error) && error.status !== 422 && error.status !== 400) {
        setState((prev) => ({ ...prev, saving: false }));
        return;
      }
      setState((prev) => ({ ...prev, saving: false, error: t('security.codeWrong'), errorField: 'code' }));
      return;
    }
    if (current.askPassword) {
      current.askPassword = false;
      openPassword();
      return;
    }
    await finish(current.action);
  }, [state.code, checkCode, finish, openPassword, t]);

  const submitPassword = useCallback(async () => {
    const current = pending.current;
    if (!current) return;
    if (!state.password) {
      setState((prev) => ({ ...prev, error: t('security.passwordRequired'), errorField: 'password' }));
      return;
    }
    setState((prev) => ({ ...prev, saving: true, error: '', errorField: null }));
    try {
      const answer = await checkPassword.mutateAsync({ password: state.password, captcha: state.captcha });
      if (!answer?.success) throw new Error('wrong password');
    } catch (error) {
      const captchaError = isApiError(error) && error.status === 422 && Boolean(error.errors.captcha?.length);
      const handled = !isApiError(error) || error.status === 422 || error.status === 400;
      setState((prev) => ({
        ...prev,
        saving: false,
        captcha: '',
        captchaResetKey: prev.captchaResetKey + 1,
        error: !handled ? '' : captchaError ? t('security.enterCaptcha') : t('security.passwordWrong'),
        errorField: !handled ? null : captchaError ? 'captcha' : 'password',
      }));
      return;
    }
    await finish(current.action);
  }, [state.password, state.captcha, checkPassword, finish, t]);

  return {
    state,
    loading,
    run,
    close,
    submitCode,
    submitPassword,
    setCode: (code: string) =>
      setState((prev) => ({
        ...prev,
        code,
        error: prev.errorField === 'code' ? '' : prev.error,
        errorField: prev.errorField === 'code' ? null : prev.errorField,
      })),
    setPassword: (password: string) =>
      setState((prev) => ({
        ...prev,
        password,
        error: prev.errorField === 'password' ? '' : prev.error,
        errorField: prev.errorField === 'password' ? null : prev.errorField,
      })),
    setCaptcha: (captcha: string) =>
      setState((prev) => ({
        ...prev,
        captcha,
        error: prev.errorField === 'captcha' ? '' : prev.error,
        errorField: prev.errorField === 'captcha' ? null : prev.errorField,
      })),
  };
}

export type SecurityCheck = ReturnType<typeof useSecurityCheck>;
