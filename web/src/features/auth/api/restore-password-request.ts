import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

/** POST /api/auth/restore-password/request: mails the reset link (the answer never says whether the account exists). */
export const restorePasswordRequest = (body: { email: string; captcha: string }) => http.post<MessageAnswer>(AUTH_PATHS.restorePasswordRequest, body);
export const useRestorePasswordRequest = () => useMutation({ mutationFn: restorePasswordRequest, meta: OWN_ERRORS });
