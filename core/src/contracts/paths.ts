/**
 * Paths of the read calls under /api, without zod: the web app imports these at run time, and the contracts
 * (which need zod) re-export them.
 */
export const STATISTICS_PATHS = {
  sourcesBase: '/statistics/sources/base',
  sourcesDetails: '/statistics/sources/details',
  sales: '/statistics/sales',
  files: '/statistics/files',
  filesCopies: '/statistics/files-copies',
  detailedToday: '/statistics/detailed/today',
  detailedBase: '/statistics/detailed/base',
  detailedCountries: '/statistics/detailed/countries',
  videosStat: '/videos/stat',
  videosToday: '/videos/today',
} as const;

export const EARNINGS_PATHS = {
  stat: '/earnings/stat',
  today: '/earnings/today',
  goldStatus: '/earnings/gold-status',
} as const;

export const DASHBOARD_PATHS = {
  earningsByMonth: '/dashboard/earnings-by-month',
  earningsByDay: '/dashboard/earnings-by-day',
  infoBlocks: '/dashboard/info-blocks',
  infoBlocksToday: '/dashboard/info-blocks-today',
  storagePeriod: '/dashboard/storage-period',
  unlimitedActivationHistory: '/dashboard/unlimited-activation-history',
  unusedFiles: '/dashboard/unused-files',
  activateUnlimitedStatus: '/dashboard/activate-unlimited-status',
} as const;

export const PRODUCT_PATHS = { settings: '/product/settings' } as const;

/** News and notifications (docs/product.md#news-and-notifications; decision 0120). */
export const MESSAGES_PATHS = {
  news: '/news',
  newsArticle: (id: number | string) => `/news/${id}`,
  notifications: '/notifications',
  read: '/messages/read',
  unread: '/messages/unread',
} as const;

export const BALANCE_PATHS = {
  availableWithdrawal: '/payouts/user/available-withdrawal',
  holdInfo: '/payouts/user/hold-info',
} as const;

/** Wallets and payout requests (docs/product.md#payouts). */
export const PAYOUT_PATHS = {
  purses: '/purses',
  info: '/payouts/info',
  purse: '/purse',
  purseDelete: (id: number | string) => `/purse/${id}`,
  purseMain: (id: number | string) => `/purse/${id}/main`,
  purseLink: (id: number | string) => `/purse/${id}/link`,
  purseConfirm: (code: string) => `/purse/confirm/${encodeURIComponent(code)}`,
  payouts: '/payouts',
  payoutQuick: '/payouts/quick',
  /** Automatic payouts: GET the choice, POST to change it (decision 0202). */
  autoPayout: '/payouts/auto',
  payoutDelete: (id: number | string) => `/payout/${id}`,
  payoutTimeline: (id: number | string) => `/payout/${id}/timeline`,
  /** The central banks' last known USD rates (decision 0100). */
  exchangeRates: '/payouts/rates',
} as const;

/** The security check (docs/product.md#security). */
export const SECURITY_PATHS = {
  info: (mode: 'both' | 'code' | 'password') => `/security/info/${mode}`,
  checkCode: '/security/check-code',
  checkPassword: '/security/check-password',
} as const;

/** The settings screen (docs/product.md#security, Settings screen; the calls follow the same style as the others). */
export const SETTINGS_PATHS = {
  settings: '/settings',
  personal: '/settings/personal',
  email: '/settings/email',
  confirmEmail: '/settings/email/confirm',
  password: '/settings/password',
  confirmPasswordChanging: '/auth/confirm-password-changing',
  security: '/settings/security',
  sessions: '/settings/sessions',
  sessionsRevokeOthers: '/settings/sessions/revoke-others',
  /** POST: ends one session of the partner's, by its id in the sessions list (decision 0191). */
  sessionRevoke: (id: string) => `/settings/sessions/${encodeURIComponent(id)}/revoke`,
} as const;

/** The help centre's single sign-on and the top bar's configured links (decision 0121). */
export const HELP_CENTER_PATHS = {
  sso: '/help-center/sso',
  links: '/links',
} as const;

/** The partner's webmaster API key (docs/product.md#webmaster-api; decision 0122). */
export const API_KEY_PATHS = { apiKey: '/api-key' } as const;

/** The read-only webmaster API: its own prefix (not under /api), Bearer key; its OpenAPI document and docs page. */
export const WEBMASTER_PATHS = {
  prefix: '/webmaster/v1',
  balance: '/balance',
  statistics: '/statistics',
  earnings: '/earnings',
  payouts: '/payouts',
  openapi: '/openapi.json',
  docs: '/webmaster/docs',
} as const;

/** Every webmaster key starts with this, so that a leaked one is recognizable (secret scanners, logs). */
export const API_KEY_PREFIX = 'pc_live_';

/** E-mail alerts: the partner's choices and the signed unsubscribe link (decision 0124). */
export const ALERT_PATHS = {
  settings: '/settings/notifications',
  unsubscribe: '/alerts/unsubscribe',
} as const;
/** The alert kinds a partner can switch off (wallet changes are always mailed). */
export const ALERT_KINDS = ['sale', 'payout_status', 'weekly_summary'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Postbacks: per project a URL that receives a signed POST for each sale and payout event (decision 0123). */
export const POSTBACK_PATHS = {
  postbacks: '/postbacks',
  endpoint: (project: string) => `/postbacks/${encodeURIComponent(project)}`,
  test: (project: string) => `/postbacks/${encodeURIComponent(project)}/test`,
  rotateSecret: '/postbacks/secret/rotate',
} as const;
/** What a postback reports: a sale, a sale's status change, a payout request's status change, or a test. */
export const POSTBACK_EVENTS = ['sale', 'sale_status', 'payout_status', 'test'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];
/** A delivery is pending (not yet answered 2xx, retried), delivered, or failed (given up after 24 hours). */
export const POSTBACK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type PostbackDeliveryState = (typeof POSTBACK_DELIVERY_STATES)[number];
/** The headers every postback carries. */
export const POSTBACK_HEADERS = { signature: 'X-Postback-Signature', id: 'X-Postback-Id', timestamp: 'X-Postback-Timestamp' } as const;

/** The referrals page (issue #11). */
export const REFERRALS_PATHS = { list: '/referrals' } as const;

/** The get-started guide (issue #11). */
export const START_PATHS = { start: '/start', dismissBanner: '/start/banner/dismiss' } as const;
/** Its five steps, in the order shown. */
export const START_STEPS = ['program', 'upload', 'download', 'plan', 'wallet'] as const;

/** Rate plans of a project (issue #11): the plan, free-download settings, price variations, the simulator. */
export const PLANS_PATHS = {
  /** GET the plan page's state; POST {plan} chooses the plan applying from the next day. */
  rates: '/rates',
  /** DELETE takes back the plan change that has not started yet. */
  next: '/rates/next',
  /** POST the free-download settings (PPS only). */
  freeDownloads: '/rates/free-downloads',
  /** POST the custom premium price variations picked. */
  priceVariations: '/rates/price-variations',
  /** GET what each plan would have paid for the last 30 days of the partner's traffic. */
  simulation: '/rates/simulation',
} as const;

/** Site referrals of a project (issue #11). */
export const SITES_PATHS = {
  sites: '/sites',
  verify: (id: number | string) => `/sites/${id}/verify`,
  site: (id: number | string) => `/sites/${id}`,
} as const;
