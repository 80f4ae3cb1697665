import type { TFunction } from 'i18next';
import type { ProductSettingsAnswer } from '@pc/core/contracts/product';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format.ts';

/** Basis points (1% = 100) as a percent in the language (display only). */
const pct = (bp: number, locale: string) => formatPercent(bp / 10_000, locale);

/** Money with as many decimals as it needs (two at least, six at most): 0.016 USD stays $0.016. */
export function exactMoney(micro: number, locale: string): string {
  let decimals = 2;
  while (decimals < 6 && micro % 10 ** (6 - decimals) !== 0) decimals += 1;
  return formatMoney(micro, decimals, locale);
}

function list(items: string[], locale: string, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}

/**
 * Every figure an FAQ answer names, formatted in the interface language from the operator's settings
 * (GET /api/product/settings): the texts carry only {{placeholders}}, never a number of their own.
 */
export function faqValues(
  s: ProductSettingsAnswer,
  t: TFunction<'faq'>,
  locale: string,
): Record<string, string> {
  const num = (n: number) => formatNumber(n, {}, locale);
  const unit = (
    key: 'days' | 'months' | 'years' | 'downloads' | 'purchases' | 'coins',
    count: number,
    n = num(count),
  ) => {
    const text = t(`units.${key}`, { count, n });
    // A list ("1 or 2") takes the form of its last number, but a form that names no number (Arabic
    // «شهرين», two months) would drop the list: such a list takes the language's general form.
    return text.includes(n) || n === num(count) ? text : t(`units.${key}_other`, { n });
  };
  const days = (n: number) => unit('days', n);
  const months = (n: number) => unit('months', n);
  const { plans, sales, referrals, gold, storage, payouts, security, file_hints: hints } = s;

  const rates = (plan: 'mixed' | 'ppd') =>
    Object.entries(plans.download_rates[plan] ?? {}).filter(([, micro]) => micro > 0);
  const perThousand = (micro: number) => exactMoney(micro * 1000, locale);
  const rateValues = (plan: 'mixed' | 'ppd') => rates(plan).map(([, micro]) => micro);
  const mixed = rateValues('mixed');
  const ppd = rateValues('ppd');

  const share = (plan: 'pps' | 'mixed', kind: 'sale' | 'rebill' | 'video_sale' | 'video_rebill') =>
    pct(plans.sale_shares[plan]?.[kind] ?? 0, locale);

  const systems = Object.entries(payouts.systems).map(([id, terms]) => {
    const percent = terms.fee_bp ? pct(terms.fee_bp, locale) : '';
    const fixed = terms.fee_fixed ? exactMoney(terms.fee_fixed, locale) : '';
    const fee = percent && fixed ? t('feePlusFixed', { percent, fixed }) : percent || fixed || t('noFee');
    return `- ${t('systemLine', { system: t(`systems.${id}`, { defaultValue: id }), fee, minimum: exactMoney(terms.minimum, locale) })}`;
  });

  const goldLevels = gold.levels
    .filter((l) => l.level > 0)
    .map((l) => t('goldLevel', { name: t(`gold.${l.name}`), bonus: pct(l.bonus_bp, locale) }));
  const maxBonus = Math.max(0, ...gold.levels.map((l) => l.bonus_bp));

  const history = s.statistics_history_days;
  const years = Math.round(history / 365.25);
  const historyText =
    years >= 1 && Math.abs(history - years * 365.25) <= 1.5 ? unit('years', years) : days(history);

  const trial = storage.trial_month_options;
  const unused = storage.unused_file_periods_days;
  const mb = plans.counted_download_min_bytes / 1_048_576;

  return {
    thousand: num(1000),
    minFileSize: formatNumber(mb, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }, locale),
    planChangeEvery: days(plans.change_every_days),
    maxPriceVariations: num(plans.max_custom_price_variations),
    ppsSale: share('pps', 'sale'),
    ppsRebill: share('pps', 'rebill'),
    ppsVideoSale: share('pps', 'video_sale'),
    ppsVideoRebill: share('pps', 'video_rebill'),
    mixedSale: share('mixed', 'sale'),
    mixedRebill: share('mixed', 'rebill'),
    mixedVideoSale: share('mixed', 'video_sale'),
    mixedVideoRebill: share('mixed', 'video_rebill'),
    mixedGroups: list(
      rates('mixed').map(([group]) => group),
      locale,
    ),
    ppdGroups: list(
      rates('ppd').map(([group]) => group),
      locale,
    ),
    mixedRateLow: perThousand(mixed.length ? Math.min(...mixed) : 0),
    mixedRateTop: perThousand(mixed.length ? Math.max(...mixed) : 0),
    ppdRateTop: perThousand(ppd.length ? Math.max(...ppd) : 0),
    saleHold: days(sales.hold_days),
    siteBonus: pct(sales.site_referral_bonus_bp, locale),
    refFirst: pct(referrals.first_level_bp[0] ?? 0, locale),
    refSecond: pct(referrals.first_level_bp[1] ?? 0, locale),
    refThird: pct(referrals.first_level_bp[2] ?? 0, locale),
    refFirstMonths: months(referrals.first_level_months[0] ?? 0),
    refSecondMonths: months(referrals.first_level_months[1] ?? 0),
    refSecondLevel: pct(referrals.second_level_bp, locale),
    goldMaxBonus: pct(maxBonus, locale),
    goldLevels: list(goldLevels, locale),
    goldTopKeep: unit('coins', gold.top_level_keep_coins),
    coinWindow: days(gold.coin_average_days),
    coinEfficiencyWindow: days(gold.coin_efficiency_days),
    storagePrice: exactMoney(storage.price_per_gb_month, locale),
    normalTerm: days(storage.normal_term_days),
    premiumTerm: days(storage.premium_term_days),
    unlimitedMin: exactMoney(storage.unlimited_min_revenue, locale),
    unlimitedWindow: days(storage.unlimited_window_days),
    trialOptions: unit('months', trial[trial.length - 1] ?? 0, list(trial.map(num), locale, 'disjunction')),
    trialMax: months(storage.trial_max_months_per_year),
    unusedPeriods: unit('days', unused[unused.length - 1] ?? 0, list(unused.map(num), locale)),
    hintNew: days(hints.new_days),
    hintPopular: unit('downloads', hints.popular_downloads_over),
    hintSelling: unit('purchases', hints.selling_purchases_min),
    hintFalling: days(hints.falling_window_days),
    hintUnused: days(hints.unused_days),
    systems: systems.join('\n'),
    walletHold: days(payouts.wallet_hold_days),
    processing: days(payouts.processing_days),
    codeFreeze: days(security.code_freeze_days),
    failedLogins: num(security.failed_login_limit),
    codeMin: num(security.code_min_length),
    codeMax: num(security.code_max_length),
    history: historyText,
  };
}
