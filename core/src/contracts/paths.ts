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

export const BALANCE_PATHS = {
  availableWithdrawal: '/payouts/user/available-withdrawal',
  holdInfo: '/payouts/user/hold-info',
} as const;
