import type { Micro } from '../money.ts';

/**
 * What the payouts queue tells the finance team about a request before they pay it (decision 0162): risk signals
 * computed from facts the server gathers. The server only reads; the judgement is this one pure function, so the
 * console, the tests and the decision record agree on when a signal shows and how loud it is. A signal never
 * blocks a payout: it tells a person where to look.
 */
export type RiskLevel = 'info' | 'warn' | 'high';

export type RiskCode =
  | 'wallet_recent'
  | 'email_recent'
  | 'first_payout'
  | 'earnings_spike'
  | 'bad_sales_share'
  | 'shared_wallet'
  | 'shared_address';

export interface RiskSignal {
  code: RiskCode;
  level: RiskLevel;
  /** The figures behind the signal (days, counts, shares in basis points, amounts in micro-USD, partner ids). */
  facts: Record<string, number | string | number[] | string[]>;
}

export interface PayoutRiskFacts {
  /** When the decision is made (the request's review), ISO instant. */
  now: string;
  /** When the wallet the request goes to was added; null for requests older than wallets. */
  walletAddedAt: string | null;
  /** When the partner's e-mail address last changed, if known (a confirmed change link). */
  emailChangedAt: string | null;
  /** The partner's accepted payouts before this request. */
  acceptedPayouts: number;
  /** What the partner earned this calendar month so far (UTC). */
  monthEarnedMicro: Micro;
  /** What the partner earned in each of the previous months that had earnings (any order). */
  previousMonthsEarnedMicro: readonly Micro[];
  /** The partner's premium sales over the look-back window, and how many of them were flagged as fraud or refunded. */
  sales: number;
  fraudSales: number;
  refundedSales: number;
  /** Other partners with a live or removed wallet of the same fingerprint. */
  sameWalletPartners: readonly number[];
  /** Other partners who signed in from an address this partner signed in from (sessions kept). */
  sameAddressPartners: readonly number[];
}

/** The thresholds; changing one changes the decision record's table too. */
export const PAYOUT_RISK_LIMITS = {
  /** A wallet added this few days before is new: payouts to a just-added wallet are how a taken-over account is emptied. */
  walletRecentDays: 14,
  /** Likewise an e-mail address changed this recently (the wallet's confirmation link goes there). */
  emailRecentDays: 14,
  /** This month above this many times the median of previous months is unusual (warn), and above `spikeHighFactor` high. */
  spikeFactor: 3,
  spikeHighFactor: 10,
  /** A spike needs at least this much this month to matter (below it, small numbers make large factors). */
  spikeMinMicro: 50_000_000,
  /** Shares of fraud-flagged or refunded sales, basis points, once there are at least `badSalesMin` sales. */
  badSalesWarnBp: 500,
  badSalesHighBp: 2_000,
  badSalesMin: 10,
} as const;

const DAY_MS = 86_400_000;

/** The median of a list of amounts (the mean of the two middle ones, rounded down, for an even count); null when empty. */
export function medianMicro(values: readonly Micro[]): Micro | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.floor((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Whole days from `from` to `to` (rounded down; never negative). */
const daysBetween = (from: string, to: string) => Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / DAY_MS));

/**
 * The risk signals of a payout request, in a fixed order (the console lists them so). Each names its code, level and
 * the numbers behind it; no signal means nothing stood out.
 */
export function payoutRiskSignals(f: PayoutRiskFacts, limits = PAYOUT_RISK_LIMITS): RiskSignal[] {
  const signals: RiskSignal[] = [];
  if (f.walletAddedAt !== null) {
    const days = daysBetween(f.walletAddedAt, f.now);
    if (days < limits.walletRecentDays) signals.push({ code: 'wallet_recent', level: days < 3 ? 'high' : 'warn', facts: { days, limit_days: limits.walletRecentDays } });
  }
  if (f.emailChangedAt !== null) {
    const days = daysBetween(f.emailChangedAt, f.now);
    if (days < limits.emailRecentDays) signals.push({ code: 'email_recent', level: 'high', facts: { days, limit_days: limits.emailRecentDays } });
  }
  if (f.acceptedPayouts === 0) signals.push({ code: 'first_payout', level: 'info', facts: { accepted_payouts: 0 } });
  const usual = medianMicro(f.previousMonthsEarnedMicro);
  if (usual !== null && f.monthEarnedMicro >= limits.spikeMinMicro) {
    // A partner whose usual month earned nothing: any real month is a spike, as large as it gets.
    const high = f.monthEarnedMicro > usual * limits.spikeHighFactor;
    if (high || f.monthEarnedMicro > usual * limits.spikeFactor)
      signals.push({
        code: 'earnings_spike',
        level: high ? 'high' : 'warn',
        facts: { month_micro: f.monthEarnedMicro, median_micro: usual, previous_months: f.previousMonthsEarnedMicro.length },
      });
  }
  if (f.sales >= limits.badSalesMin) {
    const bad = f.fraudSales + f.refundedSales;
    const shareBp = Math.floor((bad * 10_000) / f.sales);
    if (shareBp >= limits.badSalesWarnBp)
      signals.push({
        code: 'bad_sales_share',
        level: shareBp >= limits.badSalesHighBp ? 'high' : 'warn',
        facts: { sales: f.sales, fraud: f.fraudSales, refunded: f.refundedSales, share_bp: shareBp },
      });
  }
  if (f.sameWalletPartners.length)
    signals.push({ code: 'shared_wallet', level: 'high', facts: { partners: [...f.sameWalletPartners].sort((a, b) => a - b) } });
  if (f.sameAddressPartners.length)
    signals.push({ code: 'shared_address', level: 'warn', facts: { partners: [...f.sameAddressPartners].sort((a, b) => a - b) } });
  return signals;
}

/** The loudest level among signals (null: none), for the queue's column. */
export function highestRisk(signals: readonly RiskSignal[]): RiskLevel | null {
  const order: RiskLevel[] = ['high', 'warn', 'info'];
  return order.find((level) => signals.some((s) => s.level === level)) ?? null;
}
