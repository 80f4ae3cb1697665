import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { OWN_ERRORS } from './own-errors.ts';

/** POST /api/auth/auto-login/from: a file host's one-time link signs the partner in (or leads to the second step). */
export const autoLoginFrom = (token: string) => http.post<CurrentUser | MessageAnswer>(AUTH_PATHS.autoLoginFrom, { token });
export const useAutoLoginFrom = () => useMutation({ mutationFn: autoLoginFrom, meta: OWN_ERRORS });
