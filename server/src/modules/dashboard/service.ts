import { sql } from 'drizzle-orm';
import {
  DEFAULT_PRODUCT,
  PROJECTS,
  addDays,
  bytesToGb,
  computeBalance,
  dayNumber,
  dayOf,
  resolveRange,
  storageMonthlyCost,
  storagePeriod as storageTerms,
  type DayRange,
  type EarningsByDayAnswer,
  type EarningsByMonthAnswer,
  type InfoBlocksAnswer,
  type ProjectId,
  type StoragePeriodAnswer,
  type UnlimitedHistoryAnswer,
  type UnusedFilesAnswer,
} from '@pc/core';
import type { Database } from '../../db/client.ts';
import { dayStr as day, num, str, type Row } from '../../db/sql.ts';
import { readProduct } from '../../money/product.ts';
import { ledgerEarningsOf, liveDaysOf } from '../../money/balance.ts';
import { earningDaysOf } from '../../money/earning-days.ts';
import { SALE_COLUMNS, TOTAL_EARNED_COLUMN, sumOf } from '../../money/earning-columns.ts';

/**
 * The dashboard's reads, across both projects. Earnings per day = the rollup's live earnings (files, copies,
 * video, sites) plus the ledger's gold bonus, referral commissions and additional income (which only the closes
 * and operators write). Balance = the ledger's earnings + the live earnings of partner-days not yet closed −
 * payouts not rejected/deleted; the pending (hold) part is sale earnings inside their refund window.
 */

const gb = (bytes: number) => Math.round(bytesToGb(bytes) * 1000) / 1000;

/** Each project's and day's earnings (every source), storage cost and stored bytes, from the day tables (money/earning-days.ts). */
function earningsByProjectDay(userId: number, range: DayRange) {
  return sql`
    select project, day, files + sites + referrals + additional as amount, storage, bytes
    from (${earningDaysOf(userId, null, range)}) d`;
}

const byProject = (rows: Row[], key: string) => {
  const out = new Map<string, Record<ProjectId, number>>();
  for (const r of rows) {
    const k = str(r[key]);
    const entry = out.get(k) ?? (Object.fromEntries(PROJECTS.map((p) => [p, 0])) as Record<ProjectId, number>);
    entry[str(r.project) as ProjectId] += num(r.amount);
    out.set(k, entry);
  }
  return out;
};
const totalOf = (p: Record<ProjectId, number>) => PROJECTS.reduce((t, k) => t + p[k], 0);
const zero = () => Object.fromEntries(PROJECTS.map((p) => [p, 0])) as Record<ProjectId, number>;

/** The last 12 months (this one included), oldest first, with stored size and storage cost. */
export async function earningsByMonth(database: Database, userId: number, now: Date): Promise<EarningsByMonthAnswer> {
  const today = dayOf(now);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const range = { from: dayOf(first), to: today };
  // Per project and month: the earnings, the storage cost and the stored size of the month's last storage day.
  const earned = await database.query<Row>(sql`
    with d as (${earningsByProjectDay(userId, range)})
    select project, to_char(date_trunc('month', day), 'YYYY-MM-DD') as month, sum(amount)::bigint as amount,
           sum(storage)::bigint as cost, (array_agg(bytes order by day desc) filter (where bytes is not null))[1] as bytes
    from d group by 1, 2`, { prepared: true });
  const stored = new Map<string, { cost: number; bytes: number }>();
  for (const r of earned) {
    const month = stored.get(str(r.month)) ?? { cost: 0, bytes: 0 };
    stored.set(str(r.month), { cost: month.cost + num(r.cost), bytes: month.bytes + num(r.bytes) });
  }
  const amounts = byProject(earned, 'month');
  const data = [];
  for (let i = 0; i < 12; i++) {
    const month = dayOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)));
    const p = amounts.get(month) ?? zero();
    const s = stored.get(month);
    data.push({ month, total: totalOf(p), by_project: p, files_size_gb: gb(num(s?.bytes)), storage_cost: num(s?.cost) });
  }
  return { data };
}

export async function earningsByDay(
  database: Database,
  userId: number,
  q: { date_from?: string | undefined; date_to?: string | undefined },
  now: Date,
): Promise<EarningsByDayAnswer> {
  const range = resolveRange(q, now);
  const rows = await database.query<Row>(sql`
    with d as (${earningsByProjectDay(userId, range)})
    select project, to_char(day, 'YYYY-MM-DD') as date, amount from d`, { prepared: true });
  const amounts = byProject(rows, 'date');
  const data = [];
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  for (let i = 0; i < days; i++) {
    const date = addDays(range.from, i);
    const p = amounts.get(date) ?? zero();
    data.push({ date, total: totalOf(p), by_project: p });
  }
  return { range, data };
}

/** Balance and its pending (on hold) part, micro-USD. */
async function balanceOf(database: Database, userId: number, now: Date) {
  // Sale earnings of a day are on hold until saleDayAvailableAt: days from this one on are still held.
  const product = await readProduct(database);
  const firstHeldDay = addDays(dayOf(now), -product.saleHoldDays);
  // The moment is read as a sub-select, so that no estimate depends on it and each connection keeps one plan instead
  // of planning anew at each call (as the user bar's balance does, decision 0222).
  const rows = await database.query<Row>(sql`
    with live as (
      select d.${sql.raw(TOTAL_EARNED_COLUMN)} as earned_micro,
             case when d.day >= ${firstHeldDay}::date then ${sumOf(SALE_COLUMNS, 'd')} else 0 end as sales_micro
      from ${liveDaysOf(userId)}
    )
    select
      ${ledgerEarningsOf(userId)}::bigint as ledger,
      (select coalesce(sum(amount_micro), 0) from ledger_entries
        where user_id = ${userId} and source <> 'payout' and bucket = 'sales'
          and available_at > (select ${now.toISOString()}::timestamptz))::bigint as ledger_hold,
      (select coalesce(sum(earned_micro), 0) from live)::bigint as live,
      (select coalesce(sum(sales_micro), 0) from live)::bigint as live_hold,
      (select coalesce(sum(amount_micro), 0) from payout_requests where user_id = ${userId} and status = 'accepted')::bigint as accepted,
      (select coalesce(sum(amount_micro), 0) from payout_requests
        where user_id = ${userId} and status in ('created', 'review', 'process'))::bigint as in_progress`, { prepared: true });
  const r = rows[0] ?? {};
  const b = computeBalance({
    earnings: num(r.ledger) + num(r.live),
    payoutsAccepted: num(r.accepted),
    payoutsInProgress: num(r.in_progress),
    hold: Math.max(0, num(r.ledger_hold) + num(r.live_hold)),
  });
  return { balance: b.balance, pending: b.hold };
}

export async function infoBlocks(
  database: Database,
  userId: number,
  period: InfoBlocksAnswer['period'],
  now: Date,
): Promise<InfoBlocksAnswer> {
  const range = resolveRange({ period }, now);
  const [figures, balance] = await Promise.all([
    database.query<Row>(sql`
      with d as (${earningsByProjectDay(userId, range)})
      select (select coalesce(sum(amount), 0) from d)::bigint as earnings,
             coalesce(sum(downloads), 0)::bigint as downloads, coalesce(sum(sales), 0)::bigint as purchases
      from ingest_daily
      where user_id = ${userId} and day between ${range.from}::date and ${range.to}::date`, { prepared: true }),
    balanceOf(database, userId, now),
  ]);
  const f = figures[0] ?? {};
  return { period, range, earnings: num(f.earnings), downloads: num(f.downloads), purchases: num(f.purchases), ...balance };
}

async function activeProjects(database: Database, userId: number): Promise<ProjectId[]> {
  const rows = await database.query<Row>(sql`select project from partner_programs where user_id = ${userId} order by project`, {
    prepared: 'dashboard_active_projects',
  });
  return rows.map((r) => str(r.project) as ProjectId);
}

export async function storagePeriod(database: Database, userId: number, now: Date): Promise<StoragePeriodAnswer> {
  const today = dayOf(now);
  const [projects, running] = await Promise.all([
    activeProjects(database, userId),
    database.query<Row>(sql`
      select project, max(ends_on) as ends_on from unlimited_periods
      where user_id = ${userId} and starts_on <= ${today}::date and ends_on > ${today}::date
      group by project`, { prepared: true }),
  ]);
  const until = new Map(running.map((r) => [str(r.project), addDays(day(r.ends_on), -1)]));
  const next = storageTerms({ unlimited: false, now }).nextUpdate;
  return {
    next_update: next.toISOString(),
    data: projects.map((app) => {
      const unlimited = until.has(app);
      const terms = storageTerms({ unlimited, now });
      return {
        app,
        normal_term: terms.normalTermDays,
        premium_term: terms.premiumTermDays,
        unlimited,
        unlimited_until: until.get(app) ?? null,
      };
    }),
  };
}

export async function unlimitedHistory(database: Database, userId: number): Promise<UnlimitedHistoryAnswer> {
  const rows = await database.query<Row>(sql`
    select project, kind, starts_on, ends_on, months from unlimited_periods
    where user_id = ${userId} order by starts_on desc, id desc limit 500`, { prepared: true });
  return {
    data: rows.map((r) => {
      const start = day(r.starts_on);
      const endExclusive = day(r.ends_on);
      return {
        app: str(r.project) as ProjectId,
        start,
        end: addDays(endExclusive, -1),
        period_days: dayNumber(endExclusive) - dayNumber(start),
        months: num(r.months),
        kind: str(r.kind) as 'auto' | 'trial',
      };
    }),
  };
}

/**
 * Files (not copies) without a download for 30, 60, 90, 180 and 365 days (never downloaded: since upload),
 * cumulative, per activated project. A file is in a period when its last download (end of that UTC day) or, never
 * downloaded, its upload is at least that many days before now. The files are read by the day they are unused from
 * (`stats_unused_days`, decision 0213): every day before a period's cutoff day counts whole, and on the cutoff day
 * itself the files unused since the day began (downloaded before it) count, and of those never downloaded the ones
 * uploaded by the cutoff's moment, read from the files of that day alone.
 */
export async function unusedFiles(database: Database, userId: number, now: Date): Promise<UnusedFilesAnswer> {
  const periods = DEFAULT_PRODUCT.unusedFilePeriodsDays;
  const cutoffs = periods.map((days) => {
    const at = new Date(now.getTime() - days * 86_400_000);
    return { days, at: at.toISOString(), day: dayOf(at) };
  });
  const latestDay = cutoffs.reduce((m, c) => (c.day > m ? c.day : m), cutoffs[0]!.day);
  // One statement (decision 0226): the partner's activated projects, the whole days' sums and the cutoff days' files,
  // each a JSON text.
  const [row] = await database.query<Row>(
    sql`
    with p as materialized (select project from partner_programs where user_id = ${userId})
    select
      (select coalesce(json_agg(p.project order by p.project), '[]')::text from p) as projects,
      (select coalesce(json_agg(w), '[]')::text from (
        select project, ${sql.join(
          cutoffs.map((c) => {
            // Unused for the whole period: from a day before the cutoff's, or from the cutoff's day after a download.
            const inPeriod = sql`since_day < ${c.day}::date or (since_day = ${c.day}::date and downloaded)`;
            return sql`coalesce(sum(files) filter (where ${inPeriod}), 0)::bigint as ${sql.identifier(`c${c.days}`)},
                  coalesce(sum(bytes) filter (where ${inPeriod}), 0)::bigint as ${sql.identifier(`b${c.days}`)}`;
          }),
          sql`, `,
        )}
        from stats_unused_days
        where user_id = ${userId} and since_day <= ${latestDay}::date
        group by project) w) as whole,
      -- One index range per period and project (the files uploaded on the cutoff's day, by its moment), each file's
      -- totals looked up by key: a join would read every file of the partner. The lookup is a sub-select, so the plan
      -- kept for the statement, made without the partner's id, looks up too (written "not exists", that plan hashed
      -- all the partner's totals: 21 ms against 0.2), and the plan is kept instead of made anew at each call (0225).
      (select coalesce(json_agg(b), '[]')::text from (
        select p.project, c.days, x.count, x.bytes
        from (values ${sql.join(
          cutoffs.map((c) => sql`(${c.days}::int, ${c.day}::date, ${c.at}::timestamptz)`),
          sql`, `,
        )}) as c(days, day, at)
        cross join p
        cross join lateral (
          select count(*)::bigint as count, coalesce(sum(f.size_bytes), 0)::bigint as bytes
          from ingest_files f
          where f.user_id = ${userId} and f.project = p.project and f.kind = 'file' and f.known and f.deleted_at is null
            and f.uploaded_at >= c.day::timestamp at time zone 'UTC' and f.uploaded_at <= c.at
            and (select t.last_download_day from stats_file_totals t
                 where t.user_id = f.user_id and t.project = f.project and t.file_id = f.file_id) is null
        ) as x
        where x.count > 0) b) as boundary`,
    { prepared: 'dashboard_unused_files' },
  );
  const projects = JSON.parse(str(row?.projects ?? '[]')) as ProjectId[];
  const byDays = JSON.parse(str(row?.whole ?? '[]')) as Row[];
  const boundary = JSON.parse(str(row?.boundary ?? '[]')) as Row[];
  const wholeDays = new Map(byDays.map((r) => [str(r.project), r]));
  const onCutoffDay = new Map(boundary.map((r) => [`${str(r.project)}:${num(r.days)}`, r]));
  return {
    data: projects.flatMap((app) =>
      periods.map((days) => {
        const whole = wholeDays.get(app);
        const extra = onCutoffDay.get(`${app}:${days}`);
        const count = num(whole?.[`c${days}`]) + num(extra?.count);
        const bytes = num(whole?.[`b${days}`]) + num(extra?.bytes);
        return { app, days, count, size_gb: gb(bytes), storage_cost: storageMonthlyCost(bytes) };
      }),
    ),
  };
}
