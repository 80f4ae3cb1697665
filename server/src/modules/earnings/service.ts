import { sql } from 'drizzle-orm';
import {
  DEFAULT_PRODUCT,
  addDays,
  bytesToGb,
  dayOf,
  goldLevelRow,
  goldMaxLevel,
  goldNextLevelHint,
  resolveRange,
  type DayRange,
  type EarningsStatAnswer,
  type EarningsStatQuery,
  type EarningsTodayAnswer,
  type GoldStatusAnswer,
  type ProjectId,
} from '@pc/core';
import type { Database } from '../../db/client.ts';
import { num, type Row } from '../../db/sql.ts';
import { earningDaysOf } from '../../money/earning-days.ts';

/**
 * The earnings page's reads. Files and sites earnings come from the rollup `ingest_daily` (live, the same figures
 * the day close books); gold bonus, referral commissions and additional income exist only as ledger entries the
 * closes and operators write; storage cost and coins come from the close's storage_days and gold_days. All of them
 * are read by day from the narrow day tables kept beside them (money/earning-days.ts).
 */

type Unit = 'day' | 'week' | 'month';
const UNIT: Record<EarningsStatQuery['grouping'], Unit> = { days: 'day', weeks: 'week', months: 'month' };

const figuresOf = (r: Row) => {
  const files = num(r.files);
  const sites = num(r.sites);
  const referrals = num(r.referrals);
  const additional = num(r.additional);
  const total = files + sites + referrals + additional;
  return { files, sites, referrals, additional, total, efficiency: total - num(r.storage) };
};

const bucketOf = (day: string, unit: Unit): string => {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
};

/**
 * One query answers the page: each day's figures, stored bytes and coins; the rows, the month table and the
 * totals are folded here (at most 731 days).
 */
export async function earningsStat(
  database: Database,
  userId: number,
  q: EarningsStatQuery,
  now: Date,
): Promise<EarningsStatAnswer> {
  const range = resolveRange(q, now);
  const unit = UNIT[q.grouping];
  // The days come as one JSON text, an array of arrays, which JSON.parse reads at once: as hundreds of rows, each of
  // whose columns the driver decodes one by one, they were a quarter of the call's time in the process. Built with
  // string_agg, which costs the database less than json_agg (decision 0221).
  const [answer] = await database.query<Row>(sql`
    with d as (${earningDaysOf(userId, q.app, range)})
    select '[' || coalesce(string_agg(
             concat_ws(',', '["' || to_char(day, 'YYYY-MM-DD') || '"', files, sites, referrals, additional, storage,
                       coalesce(bytes::text, 'null'), coalesce(coins::text, 'null')) || ']',
             ',' order by day), '') || ']' as days
    from d`, { prepared: true });
  type Day = [day: string, files: number, sites: number, referrals: number, additional: number, storage: number, bytes: number | null, coins: number | null];
  const days = JSON.parse(String(answer?.days ?? '[]')) as Day[];
  type Acc = { files: number; sites: number; referrals: number; additional: number; storage: number; coins: number | null; bytes: number };
  const empty = (): Acc => ({ files: 0, sites: 0, referrals: 0, additional: 0, storage: 0, coins: null, bytes: 0 });
  const buckets = new Map<string, Acc>();
  const months = new Map<string, Acc>();
  const add = (map: Map<string, Acc>, key: string, [, files, sites, referrals, additional, storage, bytes, coins]: Day) => {
    let acc = map.get(key);
    if (!acc) map.set(key, (acc = empty()));
    acc.files += files;
    acc.sites += sites;
    acc.referrals += referrals;
    acc.additional += additional;
    acc.storage += storage;
    // Days come in order: the last closed day of a bucket gives its coins and stored size.
    if (coins != null) acc.coins = coins;
    if (bytes != null) acc.bytes = bytes;
  };
  for (const day of days) {
    add(buckets, bucketOf(day[0], unit), day);
    add(months, bucketOf(day[0], 'month'), day);
  }
  // Buckets were made in day order, so they are in ascending order already.
  const data = [...buckets].map(([date, acc]) => ({ date, ...figuresOf(acc), coins: acc.coins }));
  if (q.sort_dir !== 'asc') data.reverse();
  const totals = data.reduce(
    (t, r) => ({
      files: t.files + r.files,
      sites: t.sites + r.sites,
      referrals: t.referrals + r.referrals,
      additional: t.additional + r.additional,
      total: t.total + r.total,
      efficiency: t.efficiency + r.efficiency,
    }),
    { files: 0, sites: 0, referrals: 0, additional: 0, total: 0, efficiency: 0 },
  );
  return {
    range,
    data,
    totals,
    months: [...months].map(([month, acc]) => ({
      month,
      received: figuresOf(acc).total,
      files_size_gb: Math.round(bytesToGb(acc.bytes) * 1000) / 1000,
      storage_cost: acc.storage,
    })),
  };
}

export async function earningsToday(database: Database, userId: number, project: ProjectId, now: Date): Promise<EarningsTodayAnswer> {
  const today = dayOf(now);
  const rows = await database.query<Row>(sql`
    with d as (${earningDaysOf(userId, project, { from: today, to: today })})
    select sum(files)::bigint as files, sum(sites)::bigint as sites, sum(referrals)::bigint as referrals,
           sum(additional)::bigint as additional, sum(storage)::bigint as storage
    from d`, { prepared: true });
  return { date: today, ...figuresOf(rows[0] ?? {}) };
}

async function efficiencyOver(database: Database, userId: number, project: ProjectId, range: DayRange): Promise<number> {
  const rows = await database.query<Row>(sql`
    with d as (${earningDaysOf(userId, project, range)})
    select sum(files)::bigint as files, sum(sites)::bigint as sites, sum(referrals)::bigint as referrals,
           sum(additional)::bigint as additional, sum(storage)::bigint as storage
    from d`, { prepared: true });
  return figuresOf(rows[0] ?? {}).efficiency;
}

const levelOf = (level: number) => {
  const row = goldLevelRow(level);
  return {
    level: row.level,
    name: row.id,
    percent: row.bonusBp / 100,
    coins: row.coinsToReach,
    efficiency: row.efficiencyToReachMicro,
  };
};

export async function goldStatus(database: Database, userId: number, project: ProjectId, now: Date): Promise<GoldStatusAnswer> {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
  const [state, closedMonth, lastDay] = await Promise.all([
    database.query<Row>(sql`select level, coins from gold_state where user_id = ${userId} and project = ${project}`, { prepared: true }),
    // The decision taken at 00:00 UTC on this month's 1st carries the efficiency of the month before it: the last
    // calendar month. (The row of lastMonthStart holds the month before last.)
    database.query<Row>(sql`
      select efficiency_micro from gold_months where user_id = ${userId} and project = ${project} and month = ${monthStart}::date`, { prepared: true }),
    database.query<Row>(sql`
      select efficiency_30d_micro from gold_days where user_id = ${userId} and project = ${project}
      order by day desc limit 1`, { prepared: true }),
  ]);
  const level = Math.min(num(state[0]?.level), goldMaxLevel());
  const coins = num(state[0]?.coins);
  const [lastMonthEfficiency, monthEfficiency, efficiency30] = await Promise.all([
    closedMonth[0] ? num(closedMonth[0].efficiency_micro) : efficiencyOver(database, userId, project, { from: lastMonthStart, to: lastMonthEnd }),
    efficiencyOver(database, userId, project, { from: monthStart, to: today }),
    lastDay[0]
      ? num(lastDay[0].efficiency_30d_micro)
      : efficiencyOver(database, userId, project, { from: addDays(today, -(DEFAULT_PRODUCT.coinEfficiencyDays - 1)), to: today }),
  ]);
  const hint = goldNextLevelHint({ level, coins, monthEfficiencyMicro: monthEfficiency, now });
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    current: levelOf(level),
    next: level < goldMaxLevel() ? levelOf(level + 1) : null,
    efficiency: lastMonthEfficiency,
    efficiency_month: monthEfficiency,
    efficiency_30d: efficiency30,
    coins,
    hint: {
      kind: hint.kind,
      value: hint.kind === 'add_coins' ? hint.coins : hint.kind === 'raise_efficiency' ? hint.byMicro : null,
    },
    next_review: nextMonth.toISOString(),
  };
}
