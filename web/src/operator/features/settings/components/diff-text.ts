import type { TFunction } from 'i18next';
import type { SettingsDiffRow } from '@pc/core/rules/settings-preview';
import { formatMoney, formatNumber, formatPercent, NO_VALUE } from '../../../../lib/format.ts';

/**
 * How one figure of a preview or a history entry reads: what it is (the setting, then the plan and country group,
 * the payout system and field, the gold level and field, or the country) and its value before and after, money and
 * numbers through Intl in the member's language.
 */
export function diffLabel(t: TFunction<'console'>, row: Pick<SettingsDiffRow, 'key' | 'item'>): string {
  const [a, b] = row.item;
  switch (row.key) {
    case 'downloadRates':
      return t('settings.diff.rate', { plan: t(`settings.plans.${a}`), group: b });
    case 'saleShares':
      return t('settings.diff.share', { plan: t(`settings.plans.${a}`), kind: t(`settings.saleKinds.${b}`) });
    case 'countryGroups':
      return t('settings.diff.country', { country: a });
    case 'goldLevels':
      return t('settings.diff.gold', { level: t(`settings.goldLevels.${a}`), field: t(`settings.fields.${b}`) });
    case 'payoutSystems':
      return t('settings.diff.payout', { system: t(`payouts.systems.${a}`, { defaultValue: a }), field: t(`settings.fields.${b}`) });
    default:
      return t(`settings.fields.${row.key}`);
  }
}

export function diffValue(t: TFunction<'console'>, unit: SettingsDiffRow['unit'], value: SettingsDiffRow['before']): string {
  if (value === null) return NO_VALUE;
  switch (unit) {
    case 'money':
      return formatMoney(Number(value));
    case 'bp':
      return formatPercent(Number(value) / 10_000);
    case 'days':
      return t('settings.units.days', { count: Number(value) });
    case 'hours':
      return t('settings.units.hours', { count: Number(value) });
    case 'count':
      return formatNumber(Number(value));
    case 'group':
      return t('settings.diff.group', { group: String(value) });
    case 'flag':
      return value ? t('settings.diff.yes') : t('settings.diff.no');
  }
}

/** One line of text per row (the history's CSV, a screen reader). */
export function diffLine(t: TFunction<'console'>, row: SettingsDiffRow): string {
  return `${diffLabel(t, row)}: ${diffValue(t, row.unit, row.before)} → ${diffValue(t, row.unit, row.after)}`;
}
