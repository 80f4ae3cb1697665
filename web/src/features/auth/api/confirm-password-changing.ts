import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '@pc/core/contracts/common';
import { http } from '../../../lib/http.ts';
import { OWN_ERRORS } from './own-errors.ts';

/** The password change confirmation link (docs/product.md#token-links). */
export const CONFIRM_PASSWORD_CHANGING_PATH = '/auth/confirm-password-changing';
export const confirmPasswordChanging = (body: { user_id: string; token: string }) => http.post<MessageAnswer>(CONFIRM_PASSWORD_CHANGING_PATH, body);
export const useConfirmPasswordChanging = () => useMutation({ mutationFn: confirmPasswordChanging, meta: OWN_ERRORS });
