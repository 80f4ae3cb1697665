import { SETTINGS_SECTIONS, type EditableSettingKey, type SettingsSection } from '@pc/core/contracts/console-lists-settings';
import { COUNTRY_GROUPS, GOLD_LEVEL_IDS, PAYOUT_SYSTEMS, PLANS, SALE_KINDS, type ProductConfig } from '@pc/core/product';

/**
 * The Product settings form as text fields: each editable number is one field, keyed by its path in the settings
 * (`downloadRates.ppd.A`, the server's field error is `changes.` + that), shown in the unit staff think in (USD
 * per 1000 downloads, USD, percent, days) and sent back as the integer the settings keep (micro-USD, basis points).
 */
export type FieldUnit = 'rate' | 'money' | 'percent' | 'days' | 'hours' | 'count' | 'countries';
export interface SettingsField {
  path: Array<string | number>;
  unit: FieldUnit;
}
export type Draft = Record<string, string>;
export type EditableSettings = Pick<ProductConfig, EditableSettingKey>;

export const fieldKey = (path: SettingsField['path']) => path.join('.');

/** Integer factor from the shown number to the stored one, and how many decimals the shown number may have. */
const SCALE: Record<Exclude<FieldUnit, 'countries'>, { factor: number; decimals: number }> = {
  // micro-USD per download shown per 1000 downloads in USD: ×1000 downloads ÷ 1,000,000 micro.
  rate: { factor: 1_000, decimals: 3 },
  money: { factor: 1_000_000, decimals: 6 },
  percent: { factor: 100, decimals: 2 },
  days: { factor: 1, decimals: 0 },
  hours: { factor: 1, decimals: 0 },
  count: { factor: 1, decimals: 0 },
};

export function fieldsOf(section: SettingsSection): SettingsField[] {
  switch (section) {
    case 'rates':
      return PLANS.flatMap((plan) => COUNTRY_GROUPS.map((group) => ({ path: ['downloadRates', plan, group], unit: 'rate' as const })));
    case 'shares':
      return PLANS.flatMap((plan) => SALE_KINDS.map((kind) => ({ path: ['saleShares', plan, kind], unit: 'percent' as const })));
    case 'countries':
      return COUNTRY_GROUPS.filter((g) => g !== 'G').map((group) => ({ path: ['countryGroups', group], unit: 'countries' as const }));
    case 'gold':
      return [
        ...GOLD_LEVEL_IDS.slice(1).flatMap((_, i) => [
          { path: ['goldLevels', i + 1, 'bonusBp'], unit: 'percent' as const },
          { path: ['goldLevels', i + 1, 'coinsToReach'], unit: 'count' as const },
          { path: ['goldLevels', i + 1, 'efficiencyToReachMicro'], unit: 'money' as const },
        ]),
        { path: ['goldTopLevelKeepCoins'], unit: 'count' },
        { path: ['coinAverageDays'], unit: 'days' },
        { path: ['coinEfficiencyDays'], unit: 'days' },
      ];
    case 'payouts':
      return [
        ...PAYOUT_SYSTEMS.flatMap((system) => [
          { path: ['payoutSystems', system, 'feeBp'], unit: 'percent' as const },
          { path: ['payoutSystems', system, 'feeFixedMicro'], unit: 'money' as const },
          { path: ['payoutSystems', system, 'minimumMicro'], unit: 'money' as const },
        ]),
        { path: ['saleHoldDays'], unit: 'days' },
        { path: ['walletHoldDays'], unit: 'days' },
        { path: ['payoutCoolingOffHours'], unit: 'hours' },
      ];
    case 'storage':
      return [
        { path: ['normalTermDays'], unit: 'days' },
        { path: ['premiumTermDays'], unit: 'days' },
        { path: ['storageMicroPerGbMonth'], unit: 'money' },
      ];
    case 'plans':
      return [{ path: ['planChangeEveryDays'], unit: 'days' }];
  }
}

export const ALL_FIELDS: SettingsField[] = (Object.keys(SETTINGS_SECTIONS) as SettingsSection[]).flatMap(fieldsOf);

function read(settings: unknown, path: SettingsField['path']): unknown {
  return path.reduce<unknown>((at, step) => (at as Record<string | number, unknown> | undefined)?.[step], settings);
}

/** The stored value as the field shows it (no thousands separators: it is typed into). */
export function toText(unit: FieldUnit, value: unknown): string {
  if (unit === 'countries') return typeof value === 'string' ? value : '';
  if (typeof value !== 'number') return '';
  const { factor, decimals } = SCALE[unit];
  return String(Number((value / factor).toFixed(decimals)));
}

/** The field's text as the stored integer, or null when it is not a number of the unit (too many decimals, empty). */
export function fromText(unit: FieldUnit, text: string): number | string | null {
  if (unit === 'countries') return text.trim().toUpperCase().split(/\s+/).filter(Boolean).join(' ');
  const clean = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  const { factor, decimals } = SCALE[unit];
  if ((clean.split('.')[1]?.length ?? 0) > decimals) return null;
  return Math.round(Number(clean) * factor);
}

export function draftOf(settings: EditableSettings): Draft {
  return Object.fromEntries(ALL_FIELDS.map((f) => [fieldKey(f.path), toText(f.unit, read(settings, f.path))]));
}

/**
 * The change the draft makes: each editable setting with a field that differs, whole (the server replaces a setting,
 * not part of it); and the fields whose text is not a number, which keep the change from being sent.
 */
export function changesOf(settings: EditableSettings, draft: Draft): { changes: Partial<EditableSettings>; invalid: string[] } {
  const next = structuredClone(settings) as unknown as Record<string, unknown>;
  const invalid: string[] = [];
  for (const field of ALL_FIELDS) {
    const key = fieldKey(field.path);
    const text = draft[key];
    if (text === undefined) continue;
    const value = fromText(field.unit, text);
    if (value === null) {
      invalid.push(key);
      continue;
    }
    const parent = read(next, field.path.slice(0, -1)) as Record<string | number, unknown>;
    const was = parent[field.path.at(-1)!];
    // A text equal to the stored value's text leaves it alone (a "8.750" typed over 8.75 is no change).
    const same = field.unit === 'countries' ? fromText('countries', toText('countries', was)) === value : toText(field.unit, was) === toText(field.unit, value);
    if (!same) parent[field.path.at(-1)!] = value;
  }
  const changes = Object.fromEntries(
    Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify((settings as unknown as Record<string, unknown>)[key])),
  ) as Partial<EditableSettings>;
  return { changes, invalid };
}

/** The editable settings out of every stored key. */
export function editableOf(value: ProductConfig): EditableSettings {
  return Object.fromEntries(ALL_FIELDS.map((f) => String(f.path[0])).map((k) => [k, (value as unknown as Record<string, unknown>)[k]])) as unknown as EditableSettings;
}

/** The section a field (or a server field error, `changes.<path>`) belongs to. */
export function sectionOf(key: string): SettingsSection | null {
  const top = key.replace(/^changes\./, '').split('.')[0];
  for (const [section, keys] of Object.entries(SETTINGS_SECTIONS)) if ((keys as readonly string[]).includes(top!)) return section as SettingsSection;
  return null;
}
