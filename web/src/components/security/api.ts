import { http, type FormBody } from '../../lib/http.ts';
import type { SecurityMode } from './security-requests.ts';

/** SPEC §7 Security calls (the server side comes with the settings issue). */
export const SECURITY_PATHS = {
  info: (mode: SecurityMode) => `/security/info/${mode}`,
  checkCode: '/security/check-code',
  checkPassword: '/security/check-password',
} as const;

export interface SecurityInfo {
  is_allowed: boolean;
  ask_code: boolean;
  ask_password: boolean;
  code_created_at: string | null;
  will_be_allowed_at: string | null;
}

export interface CheckAnswer {
  success: boolean;
}

export const fetchSecurityInfo = (mode: SecurityMode) => http.get<SecurityInfo>(SECURITY_PATHS.info(mode));
export const postCheckCode = (code: string) => http.post<CheckAnswer>(SECURITY_PATHS.checkCode, { code });
export const postCheckPassword = (body: { password: string; captcha: string }) =>
  http.post<CheckAnswer>(SECURITY_PATHS.checkPassword, body as FormBody);
