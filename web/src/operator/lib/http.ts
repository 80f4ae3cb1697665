import { createHttp } from '../../lib/http.ts';

/** The operator API: every console call goes under it, with JSON bodies (its routes take nothing else). */
export const OPERATOR_API = '/operator/v1';
export const operatorHttp = createHttp(OPERATOR_API, { json: true });

/** The console's calls, relative to OPERATOR_API. */
export const CONSOLE_PATHS = {
  session: '/session',
  sessionTotp: '/session/totp',
  sessionCode: '/session/code',
  me: '/session/me',
  staff: '/staff',
  staffMember: (id: number) => `/staff/${id}`,
  tokens: '/tokens',
  token: (id: number) => `/tokens/${id}`,
  audit: '/audit',
  auditCsv: '/audit.csv',
} as const;
