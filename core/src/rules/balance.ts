import { type Micro } from '../money.ts';

/** The figures the balance is computed from, micro-USD. */
export interface BalanceInput {
  /** All earnings (ledger plus the live days not yet closed), reversals included. */
  earnings: Micro;
  /** Payouts accepted. */
  payoutsAccepted: Micro;
  /** Payout requests in progress (created, review, process). */
  payoutsInProgress: Micro;
  /** Sale earnings still inside their 14-day window. */
  hold: Micro;
}

export interface Balance {
  /** All earnings − all payouts not rejected/deleted (accepted and in progress). May be negative after a reversal. */
  balance: Micro;
  hold: Micro;
  inProgress: Micro;
  /** What can be requested now: balance − hold, never below 0. */
  available: Micro;
}

/**
 * Balance and available for withdrawal (docs/product.md#balance). Requests in progress are already
 * taken off the balance (it subtracts every payout not rejected/deleted), so the available amount subtracts
 * only the hold from it: subtracting them a second time would block money that is not requested
 * (docs/decisions/0031-money-rules.md).
 */
export function computeBalance(input: BalanceInput): Balance {
  const balance = input.earnings - input.payoutsAccepted - input.payoutsInProgress;
  return {
    balance,
    hold: input.hold,
    inProgress: input.payoutsInProgress,
    available: Math.max(0, balance - input.hold),
  };
}

/** One UTC day of the hold's release schedule: what becomes available that day, and what is still held after it. */
export interface HoldScheduleDay {
  day: string;
  amount: Micro;
  heldAfter: Micro;
}

/**
 * The release schedule of the money on hold (docs/product.md#balance): the releases (each sale day's or ledger
 * entry's release moment and amount, as the balance folds them) summed per UTC day of release, earliest first, each
 * with what is still held once that day's releases are in. The days' amounts add up to the releases' total, so the
 * schedule ends with nothing held exactly when the balance's hold is that total (always, unless reversals made the
 * held sum negative, which the balance shows as a hold of 0 and the schedule as nothing to wait for).
 */
export function holdSchedule(releases: ReadonlyArray<{ at: Date; amount: Micro }>): HoldScheduleDay[] {
  const byDay = new Map<string, Micro>();
  for (const r of releases) {
    const day = r.at.toISOString().slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + r.amount);
  }
  const days = [...byDay.entries()].filter(([, amount]) => amount !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  const total = days.reduce((sum, [, amount]) => sum + amount, 0);
  if (total <= 0) return [];
  let held = total;
  return days.map(([day, amount]) => {
    held -= amount;
    return { day, amount, heldAfter: held };
  });
}

/** Why available money cannot be requested yet, apart from the sales' refund window. */
export type PayoutWaitReason = 'cooling_off' | 'wallet_waiting';
export interface PayoutWait {
  reason: PayoutWaitReason;
  until: Date;
  amount: Micro;
}

/**
 * The available money that waits for another reason than a sale's refund window, with the date it frees up: a
 * cooling-off window after a sensitive change (decision 0177), and a wallet still in its waiting period when no wallet
 * is usable yet (each live wallet's `activeFrom`: null while it waits for its confirmation link). Nothing waits when
 * nothing is available, nor when there is no wallet at all (that is a wallet to add, not a date to wait for).
 * Earliest first.
 */
export function payoutWaits(input: {
  available: Micro;
  coolingOffUntil: Date | null;
  walletsActiveFrom: ReadonlyArray<Date | null>;
  now: Date;
}): PayoutWait[] {
  const { available, coolingOffUntil, walletsActiveFrom, now } = input;
  if (available <= 0) return [];
  const waits: PayoutWait[] = [];
  if (coolingOffUntil && coolingOffUntil.getTime() > now.getTime()) waits.push({ reason: 'cooling_off', until: coolingOffUntil, amount: available });
  const confirmed = walletsActiveFrom.filter((d): d is Date => d !== null);
  const usable = confirmed.some((d) => d.getTime() <= now.getTime());
  if (!usable && confirmed.length > 0) {
    const first = new Date(Math.min(...confirmed.map((d) => d.getTime())));
    waits.push({ reason: 'wallet_waiting', until: first, amount: available });
  }
  return waits.sort((a, b) => a.until.getTime() - b.until.getTime());
}
