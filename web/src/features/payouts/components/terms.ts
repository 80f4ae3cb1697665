import type { TFunction } from 'i18next';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import type { PayoutTerms } from './quote.ts';

/** A system's fee as the partner reads it: "3% + $1.00", "0.8%", "$1.00", or "No fee". */
export function formatFee(t: TFunction, terms: Pick<PayoutTerms, 'fee_bp' | 'fee_fixed'>): string {
  // Basis points to a fraction for Intl's percent style (display only; money never goes through it).
  const percent = terms.fee_bp ? formatPercent(terms.fee_bp / 10_000) : '';
  const fixed = terms.fee_fixed ? formatMoney(terms.fee_fixed) : '';
  if (percent && fixed) return t('payouts:terms.percentPlusFixed', { percent, fixed });
  return percent || fixed || t('payouts:terms.noFee');
}

/** "3% + $1.00 / $40.00": the fee and the minimum payout. */
export function formatTerms(t: TFunction, terms: PayoutTerms): string {
  return t('payouts:terms.feeAndMinimum', {
    fee: formatFee(t, terms),
    minimum: formatMoney(terms.min_payout),
  });
}
