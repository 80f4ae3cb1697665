import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { http } from '../../../lib/http.ts';
import { setSignedOut, type CurrentUser } from '../../../lib/session.ts';

/** Answers of the account calls that only report an outcome with a localized message. */
export interface MessageAnswer {
  success?: boolean;
  message?: string;
}

export interface LoginValues {
  email: string;
  password: string;
  captcha: string;
}

export interface RegisterValues {
  email: string;
  password: string;
  agree: boolean;
  newsletter: boolean;
  captcha: string;
  lang: string;
  ref?: number;
}

export const login = (body: LoginValues) =>
  http.post<CurrentUser | MessageAnswer>(AUTH_PATHS.login, { ...body });
export const register = (body: RegisterValues) => http.post<MessageAnswer>(AUTH_PATHS.register, { ...body });
export const confirmRegistration = (token: string) =>
  http.post<MessageAnswer>(AUTH_PATHS.confirmRegistration, { token });
export const restoreAccessRequest = (body: { email: string; captcha: string }) =>
  http.post<MessageAnswer>(AUTH_PATHS.restoreAccessRequest, body);
export const restoreAccess = (token: string) => http.post<MessageAnswer>(AUTH_PATHS.restoreAccess, { token });
export const restorePasswordRequest = (body: { email: string; captcha: string }) =>
  http.post<MessageAnswer>(AUTH_PATHS.restorePasswordRequest, body);
export const restorePassword = (body: {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}) => http.post<MessageAnswer>(AUTH_PATHS.restorePassword, body);
export const autoLoginFrom = (token: string) =>
  http.post<CurrentUser | MessageAnswer>(AUTH_PATHS.autoLoginFrom, { token });
/** The password change confirmation link (docs/product.md#token-links); its call comes with the settings issue. */
export const CONFIRM_PASSWORD_CHANGING_PATH = '/auth/confirm-password-changing';
export const confirmPasswordChanging = (body: { user_id: string; token: string }) =>
  http.post<MessageAnswer>(CONFIRM_PASSWORD_CHANGING_PATH, body);

/**
 * The sign-in pages show refusals themselves (on their fields, or as the page's state); only server
 * failures (5xx) go to the app-wide dialog.
 */
const OWN_ERRORS = { handles: [400, 401, 403, 404, 409, 410, 422, 423, 429] };

export const useLogin = () => useMutation({ mutationFn: login, meta: OWN_ERRORS });
export const useRegister = () => useMutation({ mutationFn: register, meta: OWN_ERRORS });
export const useConfirmRegistration = () =>
  useMutation({ mutationFn: confirmRegistration, meta: OWN_ERRORS });
export const useRestoreAccessRequest = () =>
  useMutation({ mutationFn: restoreAccessRequest, meta: OWN_ERRORS });
export const useRestoreAccess = () => useMutation({ mutationFn: restoreAccess, meta: OWN_ERRORS });
export const useRestorePasswordRequest = () =>
  useMutation({ mutationFn: restorePasswordRequest, meta: OWN_ERRORS });
export const useRestorePassword = () => useMutation({ mutationFn: restorePassword, meta: OWN_ERRORS });
export const useAutoLoginFrom = () => useMutation({ mutationFn: autoLoginFrom, meta: OWN_ERRORS });
export const useConfirmPasswordChanging = () =>
  useMutation({ mutationFn: confirmPasswordChanging, meta: OWN_ERRORS });

export const logout = () => http.post<unknown>(AUTH_PATHS.logout);

/** POST /api/auth/logout; the session ends locally whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { handles: [401, 500, 502, 503] },
    onSettled: () => setSignedOut(queryClient),
  });
}
