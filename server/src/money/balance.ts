import { sql, type SQL } from 'drizzle-orm';
import { computeBalance, saleDayAvailableAt, type ProductConfig } from '@pc/core';
import type { Database } from '../db/client.ts';
import { num, rows, str, type Row, type Tx } from '../db/sql.ts';
import { SALE_COLUMNS, TOTAL_EARNED_COLUMN, sumRow, sumsOf } from './earning-columns.ts';

/**
 * Balance, hold and available for withdrawal of a partner (all projects), derived from the ledger, the live
 * (not yet closed) days of the ingest rollups and the payout requests (docs/decisions/0052-balance.md).
 */

export const HOLD_SOURCES = ['files', 'file_copies', 'video', 'sites', 'referrals', 'gold_bonus'] as const;
export type HoldSource = (typeof HOLD_SOURCES)[number];

export interface BalanceFigures {
  /** Every earning: ledger (closed days, reversals, additional income) plus live days. */
  earnings: number;
  /** Live (not yet closed) earnings included in `earnings`. */
  live: number;
  payoutsAccepted: number;
  payoutsInProgress: number;
  balance: number;
  hold: number;
  available: number;
  holdBySource: Record<HoldSource, number>;
  /** Upcoming releases of held money, earliest first. */
  releases: Array<{ at: Date; amount: number }>;
}

/**
 * A partner's ledger earnings (every entry but payouts), read from the running total that the ledger's insert trigger
 * keeps in the same transaction as the entries (migration 0870, decision 0217) instead of summing every entry.
 */
export function ledgerEarningsOf(userId: number): SQL {
  return sql`coalesce((select earned_micro from partner_ledger_totals where user_id = ${userId}), 0)`;
}

/**
 * A partner's live (not yet closed) days of the daily rollup, as rows `d` to select from. The days that may still be
 * open are kept apart (`partner_open_days`, migration 0893, decision 0224): a few rows, each matched against the
 * closed days (a day added while its close ran stays there until its next close), then only those rows are read.
 * The partner is a sub-select there, so that no estimate depends on who it is: a prepared statement keeps one plan
 * instead of being planned anew for each partner whose count of such days differs from the average; and each day is
 * looked up among the closed ones by key (`offset 0`), never by hashing all the partner's closed days, whatever the
 * plan guessed.
 */
export function liveDaysOf(userId: number): SQL {
  return sql`(
      select k.project, k.day from partner_open_days k
      where k.user_id = (select ${userId}::bigint)
        and not exists (select 1 from closed_partner_days c where c.user_id = ${userId} and c.project = k.project and c.day = k.day offset 0)
    ) as open_day
    cross join lateral (
      select * from ingest_daily d where d.user_id = ${userId} and d.project = open_day.project and d.day = open_day.day offset 0
    ) d`;
}

/** What the balance is folded from: the reads of balanceOf, for one partner. */
interface BalanceReads {
  /** Ledger entries not yet available (sources other than payout), summed by source and release moment. */
  held: Array<{ source: string; available_at: Date | string; amount: number }>;
  /** Every ledger earning (sources other than payout), reversals and additional income included. */
  ledgerEarnings: number;
  /** Live (not yet closed) days: their whole earnings and each sale column. */
  live: Array<{ day: string; earned: number } & Record<(typeof SALE_COLUMNS)[number]['column'], number>>;
  accepted: number;
  inProgress: number;
}

/** The one rule that turns a partner's reads into their figures: balanceOf and balancesOfAll both fold through it. */
function foldBalance(reads: BalanceReads, now: Date, product: ProductConfig): BalanceFigures {
  const holdBySource = Object.fromEntries(HOLD_SOURCES.map((s) => [s, 0])) as Record<HoldSource, number>;
  const releases = new Map<number, number>();
  const addRelease = (at: Date, amount: number) => releases.set(at.getTime(), (releases.get(at.getTime()) ?? 0) + amount);
  for (const r of reads.held) {
    const source = r.source as HoldSource;
    if (!(source in holdBySource)) continue;
    holdBySource[source] += r.amount;
    addRelease(new Date(r.available_at), r.amount);
  }
  let liveTotal = 0;
  for (const d of reads.live) {
    liveTotal += d.earned;
    const at = saleDayAvailableAt(d.day, product);
    if (at <= now) continue;
    for (const c of SALE_COLUMNS) holdBySource[c.source] += d[c.column];
    addRelease(at, sumRow(d, SALE_COLUMNS));
  }
  const heldTotal = Object.values(holdBySource).reduce((a, b) => a + b, 0);
  const figures = computeBalance({
    earnings: reads.ledgerEarnings + liveTotal,
    payoutsAccepted: reads.accepted,
    payoutsInProgress: reads.inProgress,
    hold: Math.max(0, heldTotal),
  });
  return {
    earnings: reads.ledgerEarnings + liveTotal,
    live: liveTotal,
    payoutsAccepted: reads.accepted,
    payoutsInProgress: reads.inProgress,
    balance: figures.balance,
    hold: figures.hold,
    available: figures.available,
    holdBySource,
    releases: [...releases.entries()]
      .filter(([, amount]) => amount !== 0)
      .sort((a, b) => a[0] - b[0])
      .map(([at, amount]) => ({ at: new Date(at), amount })),
  };
}

/**
 * The one statement a partner's balance is read by: the held entries, the ledger total, the live days and the payout
 * requests in one snapshot and one round trip, the rows of the first and third as JSON (decision 0217).
 */
function balanceStatement(userId: number, now: Date): SQL {
  // `now` is read as a sub-select so that no plan's estimate depends on its value: a kept statement then keeps one
  // plan per connection instead of planning anew at each call (planning cost as much as running it, decision 0222).
  return sql`
    select
      (select coalesce(json_agg(h), '[]') from (
        select source, available_at, sum(amount_micro)::bigint as amount from ledger_entries
        where user_id = ${userId} and source <> 'payout' and available_at > (select ${now}::timestamptz)
        group by source, available_at) h)::text as held,
      ${ledgerEarningsOf(userId)}::bigint as earnings,
      -- Live days: their whole earnings, and each sale column (held, by the source it is booked as).
      (select coalesce(json_agg(l), '[]') from (
        select d.day::text as day, sum(d.${sql.raw(TOTAL_EARNED_COLUMN)})::bigint as earned, ${sumsOf(SALE_COLUMNS, 'd')}
        from ${liveDaysOf(userId)}
        group by d.day) l)::text as live,
      (select coalesce(sum(amount_micro), 0) from payout_requests where user_id = ${userId} and status = 'accepted')::bigint as accepted,
      (select coalesce(sum(amount_micro), 0) from payout_requests
        where user_id = ${userId} and status in ('created', 'review', 'process'))::bigint as in_progress`;
}

function readsOf(row: Row | undefined): BalanceReads {
  return {
    held: JSON.parse(str(row?.held ?? '[]')) as BalanceReads['held'],
    ledgerEarnings: num(row?.earnings),
    live: JSON.parse(str(row?.live ?? '[]')) as BalanceReads['live'],
    accepted: num(row?.accepted),
    inProgress: num(row?.in_progress),
  };
}

export async function balanceOf(db: Tx, userId: number, now: Date, product: ProductConfig): Promise<BalanceFigures> {
  const [row] = await rows<Row>(db, balanceStatement(userId, now));
  return foldBalance(readsOf(row), now, product);
}

/**
 * balanceOf outside a transaction (the user bar's and the hold info's reads), its statement kept planned on each
 * connection: planning it cost more than running it.
 */
export async function readBalance(database: Database, userId: number, now: Date, product: ProductConfig): Promise<BalanceFigures> {
  const [row] = await database.query<Row>(balanceStatement(userId, now), { prepared: true });
  return foldBalance(readsOf(row), now, product);
}

/**
 * Every partner's figures at once (the console's Overview: what the programme owes): the same four reads as
 * balanceOf, each one statement grouped by partner instead of one per partner, folded by the same rule
 * (foldBalance), so the sum equals the sum of balanceOf over the partners (tested). Partners with nothing in the
 * ledger, the live days or the payouts are left out: their figures are all zero.
 */
export async function balancesOfAll(db: Tx, now: Date, product: ProductConfig): Promise<Map<number, BalanceFigures>> {
  const held = await rows<{ user_id: number; source: string; available_at: Date | string; amount: number }>(
    db,
    sql`select user_id, source, available_at, sum(amount_micro)::bigint as amount from ledger_entries
        where source <> 'payout' and available_at > ${now}
        group by user_id, source, available_at`,
  );
  const totals = await rows<{ user_id: number; earnings: number }>(
    db,
    sql`select user_id, earned_micro as earnings from partner_ledger_totals`,
  );
  const live = await rows<{ user_id: number } & BalanceReads['live'][number]>(
    db,
    sql`select d.user_id, d.day::text as day, sum(d.${sql.raw(TOTAL_EARNED_COLUMN)})::bigint as earned, ${sumsOf(SALE_COLUMNS, 'd')}
        from ingest_daily d
        where not exists (select 1 from closed_partner_days c where c.user_id = d.user_id and c.project = d.project and c.day = d.day)
        group by d.user_id, d.day`,
  );
  const payouts = await rows<{ user_id: number; accepted: number; in_progress: number }>(
    db,
    sql`select user_id, coalesce(sum(amount_micro) filter (where status = 'accepted'), 0)::bigint as accepted,
               coalesce(sum(amount_micro) filter (where status in ('created', 'review', 'process')), 0)::bigint as in_progress
        from payout_requests group by user_id`,
  );
  const reads = new Map<number, BalanceReads>();
  const of = (userId: number) => {
    let r = reads.get(Number(userId));
    if (!r) reads.set(Number(userId), (r = { held: [], ledgerEarnings: 0, live: [], accepted: 0, inProgress: 0 }));
    return r;
  };
  for (const h of held) of(h.user_id).held.push(h);
  for (const t of totals) of(t.user_id).ledgerEarnings = t.earnings;
  for (const d of live) of(d.user_id).live.push(d);
  for (const p of payouts) {
    const r = of(p.user_id);
    r.accepted = p.accepted;
    r.inProgress = p.in_progress;
  }
  return new Map([...reads].map(([userId, r]) => [userId, foldBalance(r, now, product)]));
}
