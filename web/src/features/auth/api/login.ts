import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { OWN_ERRORS } from './own-errors.ts';

export interface LoginValues {
  email: string;
  password: string;
  captcha: string;
}

/** POST /api/auth/login: the user, or (with a second factor on) the pending step to go on with. */
export const login = (body: LoginValues) => http.post<CurrentUser | MessageAnswer>(AUTH_PATHS.login, { ...body });
export const useLogin = () => useMutation({ mutationFn: login, meta: OWN_ERRORS });
