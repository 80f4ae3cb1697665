import { SECURITY_PATHS } from '@pc/core/contracts/paths';
import type { checkAnswer, SecurityInfoAnswer, SecurityMode } from '@pc/core/contracts/security';
import type { z } from 'zod';
import { http, type FormBody } from '../../lib/http.ts';

/** The security calls (docs/product.md#security); paths and answers are core's contracts (paths zod-free, answers as types only). */
export type SecurityInfo = SecurityInfoAnswer;
export type CheckAnswer = z.infer<typeof checkAnswer>;

export const fetchSecurityInfo = (mode: SecurityMode) => http.get<SecurityInfo>(SECURITY_PATHS.info(mode));
export const postCheckCode = (code: string) => http.post<CheckAnswer>(SECURITY_PATHS.checkCode, { code });
export const postCheckPassword = (body: { password: string; captcha: string }) =>
  http.post<CheckAnswer>(SECURITY_PATHS.checkPassword, body as FormBody);
