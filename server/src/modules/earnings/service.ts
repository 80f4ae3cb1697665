import { sql, type SQL } from 'drizzle-orm';
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
import { num, str, type Row } from '../../db/sql.ts';
import { FILES_COLUMNS, SITE_COLUMNS, sumOf } from '../../money/earning-columns.ts';

/**
 * The earnings page's reads. Files and sites earnings come from the rollup `ingest_daily` (live, the same figures
 * the day close books); gold bonus, referral commissions and additional income exist only as ledger entries the
 * closes and operators write; storage cost and coins come from the close's storage_days and gold_days.
 */

type Unit = 'day' | 'week' | 'month';
const UNIT: Record<EarningsStatQuery['grouping'], Unit> = { days: 'day', weeks: 'week', months: 'month' };

/** Per-day earnings by column (files, sites, referrals, additional) and storage cost of one partner's project. */
export function earningDays(userId: number, project: ProjectId, range: DayRange): SQL {
  return sql`
    select day, ${sumOf(FILES_COLUMNS)} as files, ${sumOf(SITE_COLUMNS)} as sites, 0::bigint as referrals,
           0::bigint as additional, 0::bigint as storage
    from ingest_daily
    where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date
    union all
    select day,
           case when source = 'gold_bonus' then amount_micro else 0 end,
           0,
           case when source = 'referrals' then amount_micro else 0 end,
           case when source = 'additional' then amount_micro else 0 end,
           0
    from ledger_entries
    where user_id = ${userId} and project = ${project} and source in ('gold_bonus', 'referrals', 'additional')
      and day between ${range.from}::date and ${range.to}::date
    union all
    select day, 0, 0, 0, 0, cost_micro
    from storage_days
    where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date`;
}

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
  const days = await database.query<Row>(sql`
    with d as (
      ${earningDays(userId, q.app, range)}
    ),
    s as (
      select day, sum(files)::bigint as files, sum(sites)::bigint as sites,
             sum(referrals)::bigint as referrals, sum(additional)::bigint as additional, sum(storage)::bigint as storage
      from d group by day
    )
    select to_char(s.day, 'YYYY-MM-DD') as day, s.files, s.sites, s.referrals, s.additional, s.storage, sd.bytes, g.coins
    from s
    left join storage_days sd on sd.user_id = ${userId} and sd.project = ${q.app} and sd.day = s.day
    left join gold_days g on g.user_id = ${userId} and g.project = ${q.app} and g.day = s.day
    order by s.day`, { prepared: true });
  type Acc = { files: number; sites: number; referrals: number; additional: number; storage: number; coins: number | null; bytes: number };
  const empty = (): Acc => ({ files: 0, sites: 0, referrals: 0, additional: 0, storage: 0, coins: null, bytes: 0 });
  const buckets = new Map<string, Acc>();
  const months = new Map<string, Acc>();
  for (const r of days) {
    const day = str(r.day);
    for (const [map, key] of [
      [buckets, bucketOf(day, unit)],
      [months, bucketOf(day, 'month')],
    ] as const) {
      const acc = map.get(key) ?? empty();
      acc.files += num(r.files);
      acc.sites += num(r.sites);
      acc.referrals += num(r.referrals);
      acc.additional += num(r.additional);
      acc.storage += num(r.storage);
      // Days come in order: the last closed day of a bucket gives its coins and stored size.
      if (r.coins != null) acc.coins = num(r.coins);
      if (r.bytes != null) acc.bytes = num(r.bytes);
      map.set(key, acc);
    }
  }
  const data = [...buckets]
    .map(([date, acc]) => ({ date, ...figuresOf(acc), coins: acc.coins }))
    .sort((a, b) => (q.sort_dir === 'asc' ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));
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
    with d as (${earningDays(userId, project, { from: today, to: today })})
    select sum(files)::bigint as files, sum(sites)::bigint as sites, sum(referrals)::bigint as referrals,
           sum(additional)::bigint as additional, sum(storage)::bigint as storage
    from d`, { prepared: true });
  return { date: today, ...figuresOf(rows[0] ?? {}) };
}

async function efficiencyOver(database: Database, userId: number, project: ProjectId, range: DayRange): Promise<number> {
  const rows = await database.query<Row>(sql`
    with d as (${earningDays(userId, project, range)})
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
