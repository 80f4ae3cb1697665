import { SETTINGS_BOUNDS, type SettingsProblem } from '../contracts/console-lists-settings.ts';
import { GOLD_LEVEL_IDS, type GoldLevelRow, type PayoutSystemRule } from '../product.ts';

/**
 * The checks of a product settings change that span more than one number (decision 0163). Each answers the
 * problems it finds, each at the path of the field to fix (relative to the settings) with a translation key, so
 * the server refuses with field errors and the console can show the same message beside the same input.
 */
export interface SettingsIssue {
  path: Array<string | number>;
  key: `operator:${SettingsProblem}`;
  params?: Record<string, string | number>;
}

const issue = (path: SettingsIssue['path'], problem: SettingsProblem, params?: SettingsIssue['params']): SettingsIssue =>
  params ? { path, key: `operator:${problem}`, params } : { path, key: `operator:${problem}` };

/** ISO 3166-1 alpha-2 as the groups hold it: two capital Latin letters. */
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** The codes of one group's text (space-separated; extra spaces are allowed). */
export function countryCodesOf(list: string): string[] {
  return list.split(/\s+/).filter(Boolean);
}

/**
 * Every listed country is a well-formed code and in one group only (countries listed nowhere are group G, so each
 * country ends up in exactly one group). A country listed twice is reported at its second group.
 */
export function countryGroupProblems(groups: Readonly<Record<string, string>>): SettingsIssue[] {
  const problems: SettingsIssue[] = [];
  const seen = new Map<string, string>();
  for (const [group, list] of Object.entries(groups)) {
    const bad = new Set<string>();
    const twice = new Set<string>();
    for (const code of countryCodesOf(list)) {
      if (!COUNTRY_CODE.test(code)) bad.add(code);
      else if (seen.has(code) && seen.get(code) !== group) twice.add(`${code} (${seen.get(code)!})`);
      else if (seen.get(code) === group) twice.add(`${code} (${group})`);
      else seen.set(code, group);
    }
    if (bad.size) problems.push(issue(['countryGroups', group], 'settings_country_code', { codes: [...bad].join(', ') }));
    if (twice.size) problems.push(issue(['countryGroups', group], 'settings_country_twice', { codes: [...twice].join(', ') }));
  }
  return problems;
}

/**
 * The gold table keeps its seven levels in order (level = index, the fixed ids), level 0 is the base (no bonus and
 * nothing to reach), and each higher level asks at least as many coins and as much efficiency as the one below and
 * pays at least its bonus: a partner never earns less by going up.
 */
export function goldLevelProblems(levels: readonly GoldLevelRow[]): SettingsIssue[] {
  const problems: SettingsIssue[] = [];
  if (levels.length !== GOLD_LEVEL_IDS.length || levels.some((row, i) => row.level !== i || row.id !== GOLD_LEVEL_IDS[i])) {
    return [issue(['goldLevels'], 'settings_gold_level_order')];
  }
  const base = levels[0]!;
  if (base.bonusBp !== 0 || base.coinsToReach !== null || base.efficiencyToReachMicro !== null) problems.push(issue(['goldLevels', 0], 'settings_gold_base_level'));
  for (let i = 1; i < levels.length; i++) {
    const row = levels[i]!;
    for (const field of ['coinsToReach', 'efficiencyToReachMicro'] as const) {
      if (row[field] === null) problems.push(issue(['goldLevels', i, field], 'settings_gold_not_increasing', { level: i }));
    }
    if (i < 2) continue;
    const below = levels[i - 1]!;
    for (const field of ['bonusBp', 'coinsToReach', 'efficiencyToReachMicro'] as const) {
      const value = row[field];
      const under = below[field];
      if (value !== null && under !== null && value < under) problems.push(issue(['goldLevels', i, field], 'settings_gold_not_increasing', { level: i }));
    }
  }
  if (levels[1]!.bonusBp < base.bonusBp) problems.push(issue(['goldLevels', 1, 'bonusBp'], 'settings_gold_not_increasing', { level: 1 }));
  return problems;
}

/** The top level is kept with at most the coins that reach it (else a partner would fall straight back). */
export function goldKeepProblems(levels: readonly GoldLevelRow[], keepCoins: number): SettingsIssue[] {
  const top = levels[levels.length - 1]?.coinsToReach;
  return top !== null && top !== undefined && keepCoins > top ? [issue(['goldTopLevelKeepCoins'], 'settings_gold_keep_above_top', { coins: top })] : [];
}

/** A request of the minimum amount must leave the partner something after the fee. */
export function payoutSystemProblems(systems: Readonly<Record<string, PayoutSystemRule>>): SettingsIssue[] {
  const problems: SettingsIssue[] = [];
  for (const [system, rule] of Object.entries(systems)) {
    const fee = Math.ceil((rule.minimumMicro * rule.feeBp) / SETTINGS_BOUNDS.basisPoints.max) + rule.feeFixedMicro;
    if (fee >= rule.minimumMicro) problems.push(issue(['payoutSystems', system, 'minimumMicro'], 'settings_minimum_below_fee'));
  }
  return problems;
}

/** Premium files are kept at least as long as normal ones. */
export function storageTermProblems(normalTermDays: number, premiumTermDays: number): SettingsIssue[] {
  return premiumTermDays < normalTermDays ? [issue(['premiumTermDays'], 'settings_premium_term_shorter', { days: normalTermDays })] : [];
}

/** The settings the cross-field checks read. */
export interface CheckedSettings {
  countryGroups: Readonly<Record<string, string>>;
  goldLevels: readonly GoldLevelRow[];
  goldTopLevelKeepCoins: number;
  payoutSystems: Readonly<Record<string, PayoutSystemRule>>;
  normalTermDays: number;
  premiumTermDays: number;
}

/**
 * Every cross-field problem of the settings as they would be after a change (the stored ones with the change over
 * them), so that a change of one key is checked against the others it depends on.
 */
export function settingsProblems(next: CheckedSettings): SettingsIssue[] {
  return [
    ...countryGroupProblems(next.countryGroups),
    ...goldLevelProblems(next.goldLevels),
    ...goldKeepProblems(next.goldLevels, next.goldTopLevelKeepCoins),
    ...payoutSystemProblems(next.payoutSystems),
    ...storageTermProblems(next.normalTermDays, next.premiumTermDays),
  ];
}
