/**
 * The console's Product settings screen without zod (decision 0163): which settings it edits, in which sections,
 * and their bounds. The web app imports these at run time (zod stays out of its bundles); the contract's schema and
 * the rule checks (rules/settings-check.ts) are built from them, so the form and the server agree on every limit.
 */

/** The product settings the console edits, by section; any other key of the settings is not on the screen. */
export const SETTINGS_SECTIONS = {
  rates: ['downloadRates'],
  shares: ['saleShares'],
  countries: ['countryGroups'],
  gold: ['goldLevels', 'goldTopLevelKeepCoins', 'coinAverageDays', 'coinEfficiencyDays'],
  payouts: ['payoutSystems', 'saleHoldDays', 'walletHoldDays', 'payoutCoolingOffHours'],
  storage: ['normalTermDays', 'premiumTermDays', 'storageMicroPerGbMonth'],
  plans: ['planChangeEveryDays'],
} as const;

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;
export const SETTINGS_SECTION_KEYS = Object.keys(SETTINGS_SECTIONS) as SettingsSection[];
export type EditableSettingKey = (typeof SETTINGS_SECTIONS)[SettingsSection][number];
export const EDITABLE_SETTING_KEYS = Object.values(SETTINGS_SECTIONS).flat() as EditableSettingKey[];

/** Inclusive integer bounds; money in micro-USD, shares and fees in basis points (1% = 100). */
export const SETTINGS_BOUNDS = {
  /** micro-USD per counted download: up to 1,000 USD per 1000 downloads. */
  rateMicro: { min: 0, max: 1_000_000 },
  basisPoints: { min: 0, max: 10_000 },
  feeFixedMicro: { min: 0, max: 100_000_000 },
  /** A payout system's minimum request: at least 1 USD, at most 100,000 USD. */
  minimumMicro: { min: 1_000_000, max: 100_000_000_000 },
  saleHoldDays: { min: 0, max: 365 },
  walletHoldDays: { min: 0, max: 90 },
  /** The wait of new payout requests after a sensitive account change (decision 0177): at most two weeks. */
  payoutCoolingOffHours: { min: 0, max: 336 },
  termDays: { min: 1, max: 3650 },
  storageMicroPerGbMonth: { min: 0, max: 100_000_000 },
  planChangeEveryDays: { min: 1, max: 365 },
  coins: { min: 0, max: 100_000 },
  /** A level's last-month efficiency to reach, up to 10 million USD. */
  efficiencyMicro: { min: 0, max: 10_000_000_000_000 },
  coinAverageDays: { min: 1, max: 90 },
  coinEfficiencyDays: { min: 1, max: 365 },
  /** The text of one country group (space-separated ISO codes). */
  countryListChars: { min: 0, max: 2_000 },
} as const;

/** How a value of the preview is shown: money (micro-USD), basis points, days, hours, a count, a country group, a flag. */
export const SETTINGS_UNITS = ['money', 'bp', 'days', 'hours', 'count', 'group', 'flag'] as const;
export type SettingsUnit = (typeof SETTINGS_UNITS)[number];

/** How a settings change is refused beside the generic validation texts (keys of the operator namespace). */
export const SETTINGS_PROBLEMS = [
  'settings_country_code',
  'settings_country_twice',
  'settings_gold_level_order',
  'settings_gold_not_increasing',
  'settings_gold_base_level',
  'settings_gold_keep_above_top',
  'settings_minimum_below_fee',
  'settings_premium_term_shorter',
] as const;
export type SettingsProblem = (typeof SETTINGS_PROBLEMS)[number];
