import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

export type RestorePasswordBody = {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
};

/** POST /api/auth/restore-password: the reset link's token with the new password. */
export const restorePassword = (body: RestorePasswordBody) => http.post<MessageAnswer>(AUTH_PATHS.restorePassword, body);
export const useRestorePassword = () => useMutation({ mutationFn: restorePassword, meta: OWN_ERRORS });
