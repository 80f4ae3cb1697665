import type { Micro } from '../money.ts';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, type CountryGroup, type Plan, type ProductConfig, type SaleKind } from '../product.ts';
import { downloadPay, saleShare } from './rates.ts';
import type { DayKey } from './time.ts';

/**
 * The plan simulator (docs/product.md#rate-plans): what each plan would have paid for a partner's own traffic, priced
 * with the engine's functions (downloadPay, saleShare) and the settings in force on each day.
 *
 * It prices what the plan decides: counted downloads (by country group) and the plan's share of sales that
 * count (status ok or hold). What does not depend on the plan is left out: the site-referral bonus, referral
 * commissions, additional income. The Gold bonus (a percentage of files + sites earnings) is left out too.
 */

/** Sales of one kind and amount on a day: priced one by one, as ingest does, so `count` equal sales. */
export interface SimulationSales {
  kind: SaleKind;
  /** The amount of each sale, micro-USD. */
  amount: Micro;
  count: number;
}

/** One UTC day of a partner's traffic in a project. */
export interface SimulationDay {
  day: DayKey;
  /** Counted downloads (over the minimum size, first of the day per downloader) by country group. */
  downloads: Partial<Record<CountryGroup, number>>;
  /** Sales that count (ok, hold), grouped by kind and amount. */
  sales: readonly SimulationSales[];
}

export interface PlanOutcome {
  plan: Plan;
  /** What the counted downloads would have paid, micro-USD. */
  downloads: Micro;
  /** The plan's share of the sales, micro-USD. */
  sales: Micro;
  total: Micro;
}

export interface PlanSimulation {
  /** One outcome per plan, in PLANS order. */
  outcomes: PlanOutcome[];
  /** The plan that would have paid most; null when no plan would have paid anything. Ties go to `prefer`, then PLANS order. */
  best: Plan | null;
}

/** What one plan would have paid for the days, each priced with the settings `productOf(day)` gives. */
export function planOutcome(plan: Plan, days: readonly SimulationDay[], productOf: (day: DayKey) => ProductConfig = () => DEFAULT_PRODUCT): PlanOutcome {
  let downloads = 0;
  let sales = 0;
  for (const d of days) {
    const product = productOf(d.day);
    for (const group of COUNTRY_GROUPS) {
      const count = d.downloads[group] ?? 0;
      if (count) downloads += count * downloadPay(plan, group, product);
    }
    for (const s of d.sales) if (s.count) sales += s.count * saleShare(plan, s.kind, s.amount, product);
  }
  return { plan, downloads, sales, total: downloads + sales };
}

/** What each plan would have paid for the days, and which paid most. */
export function simulatePlans(
  days: readonly SimulationDay[],
  opts: { productOf?: (day: DayKey) => ProductConfig; prefer?: Plan | null } = {},
): PlanSimulation {
  const outcomes = PLANS.map((plan) => planOutcome(plan, days, opts.productOf));
  const order = opts.prefer ? [opts.prefer, ...PLANS.filter((p) => p !== opts.prefer)] : [...PLANS];
  let best: PlanOutcome | null = null;
  for (const plan of order) {
    const outcome = outcomes.find((o) => o.plan === plan)!;
    if (outcome.total > 0 && (best === null || outcome.total > best.total)) best = outcome;
  }
  return { outcomes, best: best?.plan ?? null };
}
