import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

/** POST /api/auth/restore-access/request: mails the unblock link (the answer never says whether the account exists). */
export const restoreAccessRequest = (body: { email: string; captcha: string }) => http.post<MessageAnswer>(AUTH_PATHS.restoreAccessRequest, body);
export const useRestoreAccessRequest = () => useMutation({ mutationFn: restoreAccessRequest, meta: OWN_ERRORS });
