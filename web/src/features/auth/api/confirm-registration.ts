import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

/** POST /api/auth/confirm-registration: spends the mailed link's token. */
export const confirmRegistration = (token: string) => http.post<MessageAnswer>(AUTH_PATHS.confirmRegistration, { token });
export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration, meta: OWN_ERRORS });
