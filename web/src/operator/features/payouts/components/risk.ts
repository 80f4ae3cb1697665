import type { z } from 'zod';
import type { riskSignalSchema } from '@pc/core/contracts/console';
import { formatMoney, formatNumber, formatPercent } from '../../../../lib/format.ts';

export type RiskSignal = z.infer<typeof riskSignalSchema>;

const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const list = (value: unknown) => (Array.isArray(value) ? value.map((v) => `#${String(v)}`).join(', ') : '');

/** A signal's facts as the parameters of its text (`payouts.risk.<code>`), formatted in the interface language. */
export function riskParams(signal: RiskSignal): Record<string, string> {
  const f = signal.facts;
  switch (signal.code) {
    case 'wallet_recent':
    case 'email_recent':
      return { days: formatNumber(num(f.days)), limit: formatNumber(num(f.limit_days)) };
    case 'first_payout':
      return {};
    case 'earnings_spike':
      return { month: formatMoney(num(f.month_micro)), median: formatMoney(num(f.median_micro)), months: formatNumber(num(f.previous_months)) };
    case 'bad_sales_share':
      return {
        sales: formatNumber(num(f.sales)),
        fraud: formatNumber(num(f.fraud)),
        refunded: formatNumber(num(f.refunded)),
        share: formatPercent(num(f.share_bp) / 10_000),
      };
    case 'shared_wallet':
    case 'shared_address':
      return { partners: list(f.partners) };
  }
}

export const LEVEL_COLOR = { info: 'info', warn: 'warning', high: 'error' } as const;
