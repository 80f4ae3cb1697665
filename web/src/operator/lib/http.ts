import { createHttp } from '../../lib/http.ts';

/** The operator API: every console call goes under it, with JSON bodies (its routes take nothing else). */
export const OPERATOR_API = '/operator/v1';
export const operatorHttp = createHttp(OPERATOR_API, { json: true });

/** The console's calls, relative to OPERATOR_API. */
export const CONSOLE_PATHS = {
  session: '/session',
  sessionTotp: '/session/totp',
  sessionCode: '/session/code',
  sessionPassword: '/session/password',
  me: '/session/me',
  staff: '/staff',
  staffMember: (id: number) => `/staff/${id}`,
  tokens: '/tokens',
  token: (id: number) => `/tokens/${id}`,
  audit: '/audit',
  auditCsv: '/audit.csv',
  overview: '/overview',
  queue: '/queue/payouts',
  queuePayout: (id: number) => `/queue/payouts/${id}`,
  queueMove: (id: number) => `/queue/payouts/${id}/status`,
  queueApprove: (id: number) => `/queue/payouts/${id}/approve`,
  queueExport: '/queue/payouts/export',
  batch: (id: number) => `/queue/batches/${id}`,
  batchComplete: (id: number) => `/queue/batches/${id}/complete`,
  batchReject: (id: number, payoutId: number) => `/queue/batches/${id}/items/${payoutId}/reject`,
  partners: '/partners',
  partner: (id: number) => `/partners/${id}`,
  partnerLedger: (id: number) => `/partners/${id}/ledger`,
  partnerLedgerCsv: (id: number) => `/partners/${id}/ledger.csv`,
  partnerBlock: (id: number, unblock: boolean) => `/partners/${id}/${unblock ? 'unblock' : 'block'}`,
  partnerSessions: (id: number) => `/partners/${id}/sessions`,
  partnerSecondFactorReset: (id: number) => `/partners/${id}/second-factor/reset`,
  partnerSession: (id: number, sid: string) => `/partners/${id}/sessions/${sid}`,
  partnerIncome: (id: number) => `/partners/${id}/additional-income`,
  partnerSites: (id: number) => `/partners/${id}/sites`,
  siteBan: (id: number) => `/sites/${id}/ban`,
  siteUnban: (id: number) => `/sites/${id}/unban`,
  partnerReferrals: (id: number) => `/partners/${id}/referrals`,
  partnerMails: (id: number) => `/partners/${id}/mails`,
  partnerViewAs: (id: number) => `/partners/${id}/view-as`,
  flagged: '/flagged-sales',
  flaggedOf: (id: number) => `/flagged-sales/${id}`,
} as const;
