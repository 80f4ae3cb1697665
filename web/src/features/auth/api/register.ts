import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

export interface RegisterValues {
  email: string;
  password: string;
  agree: boolean;
  newsletter: boolean;
  captcha: string;
  lang: string;
  ref?: number;
}

/** POST /api/auth/register: mails the confirmation link. */
export const register = (body: RegisterValues) => http.post<MessageAnswer>(AUTH_PATHS.register, { ...body });
export const useRegister = () => useMutation({ mutationFn: register, meta: OWN_ERRORS });
