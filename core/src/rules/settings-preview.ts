import type { EditableSettingKey, SettingsUnit } from '../contracts/console-lists-settings.ts';
import { COUNTRY_GROUPS, GOLD_LEVEL_IDS, PAYOUT_SYSTEMS, PLANS, SALE_KINDS, type ProductConfig } from '../product.ts';
import { countryCodesOf } from './settings-check.ts';

/**
 * One figure a partner would see change (decision 0163): which setting, which row of it (`item`: plan and country
 * group, payout system and field, gold level and field, a country), how it is shown, and its value before and after.
 * Download rates are per 1000 downloads, as partners read them (micro-USD per download × 1000).
 */
export interface SettingsDiffRow {
  key: EditableSettingKey;
  item: string[];
  unit: SettingsUnit;
  before: number | string | boolean | null;
  after: number | string | boolean | null;
}

type EditableSettings = Pick<ProductConfig, EditableSettingKey>;

/** Downloads the partner app quotes a rate for. */
export const RATE_PER_DOWNLOADS = 1000;

const SCALARS: ReadonlyArray<[EditableSettingKey & keyof ProductConfig, SettingsUnit]> = [
  ['goldTopLevelKeepCoins', 'count'],
  ['coinAverageDays', 'days'],
  ['coinEfficiencyDays', 'days'],
  ['saleHoldDays', 'days'],
  ['walletHoldDays', 'days'],
  ['payoutCoolingOffHours', 'hours'],
  ['normalTermDays', 'days'],
  ['premiumTermDays', 'days'],
  ['storageMicroPerGbMonth', 'money'],
  ['planChangeEveryDays', 'days'],
];

/** The group of each listed country (unlisted: G). */
function groupByCountry(groups: Readonly<Record<string, string>>): Map<string, string> {
  const byCountry = new Map<string, string>();
  for (const [group, list] of Object.entries(groups)) for (const code of countryCodesOf(list)) if (!byCountry.has(code)) byCountry.set(code, group);
  return byCountry;
}

/**
 * What a partner would see change between two versions of the settings, in the screen's order: rates per plan and
 * country group, sale shares, countries that move group, gold levels, payout systems, then the single numbers.
 * Only rows whose value differs; the same settings answer nothing. Pure: the preview call and its tests use it.
 */
export function settingsDiff(before: EditableSettings, after: EditableSettings): SettingsDiffRow[] {
  const rows: SettingsDiffRow[] = [];
  const push = (row: SettingsDiffRow) => {
    if (row.before !== row.after) rows.push(row);
  };
  for (const plan of PLANS)
    for (const group of COUNTRY_GROUPS)
      push({
        key: 'downloadRates',
        item: [plan, group],
        unit: 'money',
        before: (before.downloadRates[plan]?.[group] ?? 0) * RATE_PER_DOWNLOADS,
        after: (after.downloadRates[plan]?.[group] ?? 0) * RATE_PER_DOWNLOADS,
      });
  for (const plan of PLANS)
    for (const kind of SALE_KINDS) push({ key: 'saleShares', item: [plan, kind], unit: 'bp', before: before.saleShares[plan]?.[kind] ?? 0, after: after.saleShares[plan]?.[kind] ?? 0 });
  const wasIn = groupByCountry(before.countryGroups);
  const nowIn = groupByCountry(after.countryGroups);
  for (const country of [...new Set([...wasIn.keys(), ...nowIn.keys()])].sort())
    push({ key: 'countryGroups', item: [country], unit: 'group', before: wasIn.get(country) ?? 'G', after: nowIn.get(country) ?? 'G' });
  GOLD_LEVEL_IDS.forEach((id, level) => {
    const was = before.goldLevels[level];
    const now = after.goldLevels[level];
    push({ key: 'goldLevels', item: [id, 'bonusBp'], unit: 'bp', before: was?.bonusBp ?? null, after: now?.bonusBp ?? null });
    push({ key: 'goldLevels', item: [id, 'coinsToReach'], unit: 'count', before: was?.coinsToReach ?? null, after: now?.coinsToReach ?? null });
    push({ key: 'goldLevels', item: [id, 'efficiencyToReachMicro'], unit: 'money', before: was?.efficiencyToReachMicro ?? null, after: now?.efficiencyToReachMicro ?? null });
    push({ key: 'goldLevels', item: [id, 'efficiencyStrict'], unit: 'flag', before: was?.efficiencyStrict ?? null, after: now?.efficiencyStrict ?? null });
  });
  for (const system of PAYOUT_SYSTEMS) {
    const was = before.payoutSystems[system];
    const now = after.payoutSystems[system];
    push({ key: 'payoutSystems', item: [system, 'feeBp'], unit: 'bp', before: was?.feeBp ?? null, after: now?.feeBp ?? null });
    push({ key: 'payoutSystems', item: [system, 'feeFixedMicro'], unit: 'money', before: was?.feeFixedMicro ?? null, after: now?.feeFixedMicro ?? null });
    push({ key: 'payoutSystems', item: [system, 'minimumMicro'], unit: 'money', before: was?.minimumMicro ?? null, after: now?.minimumMicro ?? null });
  }
  for (const [key, unit] of SCALARS) push({ key, item: [], unit, before: before[key] as number, after: after[key] as number });
  return rows;
}

/** The top-level keys whose values differ between two versions (compared as JSON: the stored form). */
export function changedSettingKeys(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}
