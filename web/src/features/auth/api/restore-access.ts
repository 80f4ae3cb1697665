import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

/** POST /api/auth/restore-access: spends the unblock link's token. */
export const restoreAccess = (token: string) => http.post<MessageAnswer>(AUTH_PATHS.restoreAccess, { token });
export const useRestoreAccess = () => useMutation({ mutationFn: restoreAccess, meta: OWN_ERRORS });
