import { sql, type SQL } from 'drizzle-orm';
import { addDaysToDay, addMonthsToMonth, dayEnd, monthFirstDay, monthKey, monthLastDay, type ProductConfig } from '@pc/core';
import type { Database } from '../db/client.ts';
import { lockKey, pgArray, rows, type Tx } from '../db/sql.ts';
import { writeEntry } from '../money/ledger.ts';
import { loadProduct } from '../money/product.ts';
import { earningColumnList } from '../money/earning-columns.ts';
import { addTarget, dayTargets, ledgerWrites, pairKey, type HeldSum, type Pair, type RollupRow, type Upline } from '../money/close-ledger.ts';
import { efficiencyOf, goldDays, monthEnds, storageDays, type Efficiency } from '../money/close-gold.ts';
import { dueDays, monthEndingOn, rangeSteps, revisitStarts, revisitSteps } from './close-targets.ts';

/**
 * Day close and month close (docs/decisions/0051-closes.md). Each close is one transaction under a
 * transaction-scoped advisory lock on its key, so several instances may run it at once; it writes only the
 * difference between what the figures should be and what the ledger holds, so running it again writes nothing.
 * This file reads the figures and writes the results; what they come to is decided by pure functions:
 * money/close-ledger.ts (the day's ledger), money/close-gold.ts (storage, coins, month end) and close-targets.ts
 * (which days and months, in which order).
 */

/** Ledger sources that count as revenue for efficiency and unlimited status: every earning, no payout. */
const REVENUE_FILTER = sql`source <> 'payout'`;

export interface DayCloseResult {
  day: string;
  /** Partner-project pairs whose earnings were looked at. */
  partners: number;
  /** Ledger entries written (0 when the day was already closed and nothing changed). */
  entries: number;
}

/** How far back a day's close looks for the previous closed day's coins. */
const PREVIOUS_COINS_LOOKBACK_DAYS = 62;

/** The gold level in force on a day per partner and project: the last month-end decision at or before it. */
async function levelsInForce(tx: Tx, day: string, userIds: number[] | null): Promise<Map<string, number>> {
  const filter = userIds ? sql`and user_id = any(${pgArray(userIds)}::bigint[])` : sql``;
  const list = await rows<{ user_id: number; project: string; level: number }>(
    tx,
    sql`select distinct on (user_id, project) user_id, project, level_after::int as level
        from gold_months where month <= ${monthFirstDay(monthKey(day))}::date ${filter}
        order by user_id, project, month desc`,
  );
  return new Map(list.map((r) => [pairKey(r.user_id, r.project), r.level]));
}

/**
 * Closes run one at a time across every instance: the shared `closes` lock first, then the close's own key. A day
 * close may move the coins of later days, so two closes of different days at once could lock the same gold rows
 * in opposite orders; one lock for all of them rules that out, and a close takes well under a second.
 */
async function lockCloses(tx: Tx, key: string) {
  await lockKey(tx, 'closes');
  await lockKey(tx, key);
}

/** Runs a set-based statement over rows passed as one JSON parameter, in chunks. */
async function eachChunk<T>(tx: Tx, list: T[], statement: (json: string) => SQL, size = 5_000) {
  for (let i = 0; i < list.length; i += size) await tx.execute(statement(JSON.stringify(list.slice(i, i + size))));
}

/** Rows are written in one order everywhere, so concurrent closes of different days lock them without deadlock. */
function sortPairs<T extends Pair>(pairs: T[]): T[] {
  return [...pairs].sort((a, b) => a.userId - b.userId || (a.project < b.project ? -1 : a.project > b.project ? 1 : 0));
}

/**
 * Closes one UTC day. Without `onlyDirty` it books every partner's day (first close, or a forced re-close);
 * with it, only the partner days marked dirty since the last look (late events) and their referrers, then
 * recomputes those partners' coins for the closed days after it. (`catchUp` re-runs late events through every
 * later closed day and month instead: decision 0094.)
 */
export async function closeDay(database: Database, day: string, now: Date, opts: { onlyDirty?: boolean } = {}): Promise<DayCloseResult> {
  return database.db.transaction(async (tx) => {
    await lockCloses(tx, `close-day:${day}`);
    const product = await loadProduct(tx);
    // Taken first: any ingest commit after this marks the day again, so nothing is lost (decision 0051).
    const dirty = await rows<{ user_id: number; project: string }>(tx, sql`delete from dirty_days where day = ${day}::date returning user_id, project`);
    if (opts.onlyDirty && dirty.length === 0) return { day, partners: 0, entries: 0 };
    const marked = dirty.map((d) => ({ userId: d.user_id, project: d.project }));
    const { touched, entries } = await bookDay(tx, day, now, product, opts.onlyDirty ? marked : null, marked);
    // A late event (or a day filled in after later days were closed) also moves the coins of the closed days
    // after it (72-hour and 30-day windows) for the partners it touched.
    const later = await rows<{ day: string }>(tx, sql`select day::text as day from day_closes where day > ${day}::date order by day`);
    for (const { day: next } of later) await closeGold(tx, next, touched, product);
    await markDayClosed(tx, day, now);
    return { day, partners: touched.length, entries };
  });
}

async function markDayClosed(tx: Tx, day: string, now: Date) {
  await tx.execute(sql`insert into day_closes (day, first_closed_at, last_closed_at, runs) values (${day}::date, ${now}, ${now}, 1)
    on conflict (day) do update set last_closed_at = excluded.last_closed_at, runs = day_closes.runs + 1`);
}

/**
 * Books a day inside a close's transaction: the ledger (targets and their reconciliation), the referral
 * commissions, storage and coins. `only` limits it to those partners and projects (null: every partner);
 * `marked` are pairs looked at even without a rollup row (their ledger is brought to zero). Returns the pairs whose
 * ledger was looked at and the entries written.
 */
async function bookDay(tx: Tx, day: string, now: Date, product: ProductConfig, only: Pair[] | null, marked: Pair[]): Promise<{ touched: Pair[]; entries: number }> {
  const onlyKeys = only ? new Set(only.map((p) => pairKey(p.userId, p.project))) : null;
  const scopeUsers = only ? [...new Set(only.map((p) => p.userId))] : null;
  if (scopeUsers && !scopeUsers.length) return { touched: [], entries: 0 };
  const userFilter = scopeUsers ? sql`and user_id = any(${pgArray(scopeUsers)}::bigint[])` : sql``;

  const rollups = (
    await rows<RollupRow>(
      tx,
      sql`select user_id, project, ${earningColumnList()}
          from ingest_daily where day = ${day}::date ${userFilter}`,
    )
  ).filter((r) => !onlyKeys || onlyKeys.has(pairKey(r.user_id, r.project)));
  const scopePairs = new Map<string, Pair>();
  for (const r of rollups) scopePairs.set(pairKey(r.user_id, r.project), { userId: r.user_id, project: r.project });
  for (const d of marked) scopePairs.set(pairKey(d.userId, d.project), d);
  const rollupUsers = [...new Set(rollups.map((r) => r.user_id))];

  const levels = await levelsInForce(tx, day, scopeUsers);
  const uplines = rollupUsers.length
    ? await rows<Upline>(
        tx,
        sql`select u.id, to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_day, u.referred_by as r1, p.referred_by as r2
            from users u left join users p on p.id = u.referred_by where u.id = any(${pgArray(rollupUsers)}::bigint[])`,
      )
    : [];
  const uplineOf = new Map(uplines.map((u) => [u.id, u]));

  const { targets, commissions } = dayTargets(day, rollups, levels, uplineOf, product);
  await eachChunk(
    tx,
    commissions.map((c) => ({ referrer_id: c.referrerId, referral_id: c.referralId, project: c.project, bucket: c.bucket, level: c.level, base_micro: c.base, rate_bp: c.rateBp, amount_micro: c.amount })),
    (json) => sql`insert into referral_commissions (referrer_id, referral_id, project, day, bucket, level, base_micro, rate_bp, amount_micro)
      select referrer_id, referral_id, project, ${day}::date, bucket, level, base_micro, rate_bp, amount_micro
      from jsonb_to_recordset(${json}::jsonb) as x(referrer_id bigint, referral_id bigint, project text, bucket text, level smallint, base_micro bigint, rate_bp integer, amount_micro bigint)
      on conflict (referrer_id, referral_id, project, day, bucket) do update
        set level = excluded.level, base_micro = excluded.base_micro, rate_bp = excluded.rate_bp, amount_micro = excluded.amount_micro`,
  );
  const referrers = [...new Set(commissions.map((c) => c.referrerId))];
  if (referrers.length) {
    const sums = await rows<{ referrer_id: number; project: string; bucket: string; amount: number }>(
      tx,
      sql`select referrer_id, project, bucket, sum(amount_micro)::bigint as amount from referral_commissions
          where day = ${day}::date and referrer_id = any(${pgArray(referrers)}::bigint[]) group by referrer_id, project, bucket`,
    );
    for (const s of sums) addTarget(targets, s.referrer_id, s.project, 'referrals', s.bucket, s.amount);
  }

  // What the ledger holds for the day: the scope's own sources, and the referrers' referral income.
  const ledgerUsers = [...new Set([...rollupUsers, ...[...scopePairs.values()].map((p) => p.userId), ...referrers])];
  const held = ledgerUsers.length
    ? await rows<HeldSum>(
        tx,
        sql`select user_id, project, source, bucket, sum(amount_micro)::bigint as amount, count(*)::int as n from ledger_entries
            where day = ${day}::date and user_id = any(${pgArray(ledgerUsers)}::bigint[]) and kind in ('earning', 'correction')
            group by user_id, project, source, bucket`,
      )
    : [];
  let entries = 0;
  for (const entry of ledgerWrites({ day, targets, held, scopePairs, referrers, product })) {
    if (await writeEntry(tx, entry)) entries++;
  }

  // Storage of the day, then coins, for every partner in scope (all partners with a programme on a full close).
  const pairs = only ? [...new Map([...only, ...scopePairs.values()].map((p) => [pairKey(p.userId, p.project), p])).values()] : await allPairs(tx, day);
  await closeStorage(tx, day, pairs, product);
  await closeGold(tx, day, pairs, product);
  await eachChunk(
    tx,
    [...scopePairs.values()].map((p) => ({ user_id: p.userId, project: p.project })),
    (json) => sql`insert into closed_partner_days (user_id, project, day, closed_at)
      select user_id, project, ${day}::date, ${now} from jsonb_to_recordset(${json}::jsonb) as x(user_id bigint, project text)
      on conflict (user_id, project, day) do update set closed_at = excluded.closed_at`,
  );
  return { touched: [...scopePairs.values()], entries };
}

/**
 * Every partner and project a full close looks at: activated programmes (ingest accepts events of those only),
 * the day's rollups, and anyone with gold state from earlier closes.
 */
async function allPairs(tx: Tx, day: string): Promise<Pair[]> {
  const list = await rows<{ user_id: number; project: string }>(
    tx,
    sql`select user_id, project from partner_programs where activated_at < ${dayEnd(day)}
        union select user_id, project from ingest_daily where day = ${day}::date
        union select user_id, project from gold_state
        order by 1, 2`,
  );
  return list.map((r) => ({ userId: r.user_id, project: r.project }));
}

/** Stored bytes at the end of the day (own files, not copies) and their daily cost. */
async function closeStorage(tx: Tx, day: string, unordered: Pair[], product: ProductConfig) {
  if (!unordered.length) return;
  const pairs = sortPairs(unordered);
  const users = [...new Set(pairs.map((p) => p.userId))];
  const end = dayEnd(day);
  const sizes = await rows<{ user_id: number; project: string; bytes: number }>(
    tx,
    sql`select user_id, project, coalesce(sum(size_bytes), 0)::bigint as bytes from ingest_files
        where kind = 'file' and known and size_bytes is not null and uploaded_at < ${end} and (deleted_at is null or deleted_at >= ${end})
          and user_id = any(${pgArray(users)}::bigint[])
        group by user_id, project`,
  );
  await eachChunk(
    tx,
    storageDays(day, pairs, sizes, product),
    (json) => sql`insert into storage_days (user_id, project, day, bytes, cost_micro)
      select user_id, project, ${day}::date, bytes, cost_micro from jsonb_to_recordset(${json}::jsonb) as x(user_id bigint, project text, bytes bigint, cost_micro bigint)
      on conflict (user_id, project, day) do update set bytes = excluded.bytes, cost_micro = excluded.cost_micro`,
  );
}

/** Revenue (every ledger earning) minus storage cost per partner and project over [from, to]. */
async function efficiencies(tx: Tx, users: number[], from: string, to: string): Promise<Map<string, Efficiency>> {
  if (!users.length) return new Map();
  const revenue = await rows<{ user_id: number; project: string; amount: number }>(
    tx,
    sql`select user_id, project, sum(amount_micro)::bigint as amount from ledger_entries
        where ${REVENUE_FILTER} and project is not null and day between ${from}::date and ${to}::date and user_id = any(${pgArray(users)}::bigint[])
        group by user_id, project`,
  );
  const storage = await rows<{ user_id: number; project: string; amount: number }>(
    tx,
    sql`select user_id, project, sum(cost_micro)::bigint as amount from storage_days
        where day between ${from}::date and ${to}::date and user_id = any(${pgArray(users)}::bigint[]) group by user_id, project`,
  );
  return efficiencyOf(revenue, storage);
}

/** Coins at the close of a day (core rules: downloads and sales against the previous 72 hours, 30-day efficiency). */
async function closeGold(tx: Tx, day: string, unordered: Pair[], product: ProductConfig) {
  if (!unordered.length) return;
  const pairs = sortPairs(unordered);
  const users = [...new Set(pairs.map((p) => p.userId))];
  const first = addDaysToDay(day, -product.coinAverageDays);
  const counts = await rows<{ user_id: number; project: string; day: string; downloads: number; sales: number }>(
    tx,
    // Downloads that pass the file and first-of-day checks earn coins whatever the plan pays for them, as before
    // PPS and unpaid groups became reasons of their own (decision 0200).
    sql`select user_id, project, day::text as day, (counted_downloads + uncounted_pps_plan + uncounted_unpaid_group)::int as downloads,
          coin_sales::int as sales from ingest_daily
        where day between ${first}::date and ${day}::date and user_id = any(${pgArray(users)}::bigint[])`,
  );
  const eff = await efficiencies(tx, users, addDaysToDay(day, -(product.coinEfficiencyDays - 1)), day);
  const prev = await rows<{ user_id: number; project: string; coins: number }>(
    tx,
    // The coins of the last closed day before this one (normally the day before; a day filled in later may follow a gap).
    sql`select distinct on (user_id, project) user_id, project, coins from gold_days
        where day < ${day}::date and day >= ${addDaysToDay(day, -PREVIOUS_COINS_LOOKBACK_DAYS)}::date and user_id = any(${pgArray(users)}::bigint[])
        order by user_id, project, day desc`,
  );
  const levels = await levelsInForce(tx, day, users);
  const out = goldDays({ day, pairs, counts, efficiencies: eff, previousCoins: prev, levels, product });
  await eachChunk(
    tx,
    out,
    (json) => sql`insert into gold_days (user_id, project, day, level, downloads, downloads_avg_72h_x3, sales, sales_avg_72h_x3, efficiency_30d_micro, coins_delta, coins)
      select user_id, project, ${day}::date, level, downloads, downloads_avg_72h_x3, sales, sales_avg_72h_x3, efficiency_30d_micro, coins_delta, coins
      from jsonb_to_recordset(${json}::jsonb) as x(user_id bigint, project text, level smallint, downloads integer, downloads_avg_72h_x3 integer,
        sales integer, sales_avg_72h_x3 integer, efficiency_30d_micro bigint, coins_delta smallint, coins integer)
      on conflict (user_id, project, day) do update set level = excluded.level, downloads = excluded.downloads,
        downloads_avg_72h_x3 = excluded.downloads_avg_72h_x3, sales = excluded.sales, sales_avg_72h_x3 = excluded.sales_avg_72h_x3,
        efficiency_30d_micro = excluded.efficiency_30d_micro, coins_delta = excluded.coins_delta, coins = excluded.coins`,
  );
  await eachChunk(
    tx,
    out.map((o) => ({ user_id: o.user_id, project: o.project, level: o.level, coins: o.coins })),
    (json) => sql`insert into gold_state (user_id, project, level, coins, coins_day, updated_at)
      select user_id, project, level, coins, ${day}::date, now() from jsonb_to_recordset(${json}::jsonb) as x(user_id bigint, project text, level smallint, coins integer)
      on conflict (user_id, project) do update set coins = excluded.coins, coins_day = excluded.coins_day, updated_at = excluded.updated_at
      where gold_state.coins_day is null or gold_state.coins_day <= excluded.coins_day`,
  );
}

export interface MonthCloseResult {
  month: string;
  partners: number;
  levelChanges: number;
  unlimitedGranted: number;
  skipped: boolean;
}

/**
 * Closes a month (key 'YYYY-MM') after its last day: decides each partner's gold level for the next month
 * (hysteresis of core's goldMonthEndTransition) and grants the next month's automatic unlimited status.
 */
export async function closeMonth(database: Database, month: string, now: Date, opts: { force?: boolean } = {}): Promise<MonthCloseResult> {
  return database.db.transaction(async (tx) => {
    await lockCloses(tx, `close-month:${month}`);
    const done = await rows<{ month: string }>(tx, sql`select month::text as month from month_closes where month = ${monthFirstDay(month)}::date`);
    if (done.length && !opts.force) return { month, partners: 0, levelChanges: 0, unlimitedGranted: 0, skipped: true };
    const product = await loadProduct(tx);
    const { partners, levelChanges, unlimitedGranted } = await decideMonth(tx, month, product, now, null);
    await tx.execute(sql`insert into month_closes (month, closed_at) values (${monthFirstDay(month)}::date, ${now}) on conflict (month) do update set closed_at = excluded.closed_at`);
    return { month, partners, levelChanges, unlimitedGranted, skipped: false };
  });
}

/**
 * A month's decisions inside a close's transaction, for `only` those pairs (null: every partner): the level for the
 * next month and its automatic unlimited status. Run again (a late event, decision 0094), it writes the decision the
 * history calls for now: the level row is replaced, and an automatic period the month no longer qualifies for is
 * withdrawn.
 */
async function decideMonth(tx: Tx, month: string, product: ProductConfig, now: Date, only: Pair[] | null) {
  const first = monthFirstDay(month);
  const last = monthLastDay(month);
  const nextFirst = monthFirstDay(addMonthsToMonth(month, 1));
  const afterFirst = monthFirstDay(addMonthsToMonth(month, 2));
  const pairs = only ? sortPairs(only) : await allPairs(tx, last);
  const users = [...new Set(pairs.map((p) => p.userId))];
  const levels = await levelsInForce(tx, last, users);
  const coinRows = users.length
    ? await rows<{ user_id: number; project: string; coins: number }>(
        tx,
        sql`select distinct on (user_id, project) user_id, project, coins from gold_days
            where day between ${first}::date and ${last}::date and user_id = any(${pgArray(users)}::bigint[]) order by user_id, project, day desc`,
      )
    : [];
  const monthEff = await efficiencies(tx, users, first, last);
  const window = await efficiencies(tx, users, addDaysToDay(last, -(product.unlimitedWindowDays - 1)), last);
  let levelChanges = 0;
  let unlimitedGranted = 0;
  for (const { pair: p, level, coins, monthEfficiencyMicro, next, unlimited } of monthEnds({ pairs, levels, coins: coinRows, month: monthEff, window, product })) {
    if (next.level !== level) levelChanges++;
    await tx.execute(sql`insert into gold_months (user_id, project, month, level_before, level_after, coins, efficiency_micro, reason)
      values (${p.userId}, ${p.project}, ${nextFirst}::date, ${level}, ${next.level}, ${coins}, ${monthEfficiencyMicro}, ${next.reason})
      on conflict (user_id, project, month) do update set level_before = excluded.level_before, level_after = excluded.level_after,
        coins = excluded.coins, efficiency_micro = excluded.efficiency_micro, reason = excluded.reason`);
    await tx.execute(sql`insert into gold_state (user_id, project, level, coins, level_month, updated_at) values (${p.userId}, ${p.project}, ${next.level}, ${coins}, ${nextFirst}::date, now())
      on conflict (user_id, project) do update set level = excluded.level, level_month = excluded.level_month, updated_at = excluded.updated_at
      where gold_state.level_month is null or gold_state.level_month <= excluded.level_month`);
    if (unlimited) {
      const inserted = await rows<{ id: number }>(
        tx,
        sql`insert into unlimited_periods (user_id, project, kind, starts_on, ends_on, months, created_at)
            values (${p.userId}, ${p.project}, 'auto', ${nextFirst}::date, ${afterFirst}::date, 1, ${now})
            on conflict (user_id, project, kind, starts_on) do nothing returning id`,
      );
      unlimitedGranted += inserted.length;
    } else {
      // The month's automatic period, granted by an earlier run of this decision before late events changed it.
      await tx.execute(sql`delete from unlimited_periods where user_id = ${p.userId} and project = ${p.project} and kind = 'auto'
        and starts_on = ${nextFirst}::date and ends_on = ${afterFirst}::date`);
    }
  }
  return { partners: pairs.length, levelChanges, unlimitedGranted };
}

export interface CatchUpResult {
  days: DayCloseResult[];
  months: MonthCloseResult[];
  dirty: DayCloseResult[];
}

/**
 * Closes a range of days in order, each month right after its last day. With `redecideMonths` a month closed before
 * is decided again (days filled in before it: decision 0094).
 */
export async function closeRange(database: Database, from: string, to: string, now: Date, opts: { redecideMonths?: boolean } = {}): Promise<CatchUpResult> {
  const result: CatchUpResult = { days: [], months: [], dirty: [] };
  for (const step of rangeSteps(from, to)) {
    if (step.kind === 'month-if-due') {
      const r = await closeMonthIfDue(database, step.month, now);
      if (r && !r.skipped) result.months.push(r);
    } else if (step.kind === 'day') result.days.push(await closeDay(database, step.day, now));
    else result.months.push(await closeMonth(database, step.month, now, { force: opts.redecideMonths }));
  }
  return result;
}

/** A month close is due once its last day is closed; it runs once (idempotent if called again). */
async function closeMonthIfDue(database: Database, month: string, now: Date): Promise<MonthCloseResult | null> {
  const closed = await database.query<{ n: number }>(sql`select count(*)::int as n from day_closes where day = ${monthLastDay(month)}::date`);
  if (!closed[0]?.n) return null;
  return closeMonth(database, month, now);
}

/**
 * Everything due at `now`: every day up to yesterday not closed yet (from the day after the last close, or
 * from the first day with rollups), the month closes among them, then the closed days marked dirty.
 */
export async function catchUp(database: Database, now: Date): Promise<CatchUpResult> {
  const [last] = await database.query<{ day: string | null }>(sql`select max(day)::text as day from day_closes`);
  const [firstRollup] = last?.day ? [] : await database.query<{ day: string | null }>(sql`select min(day)::text as day from ingest_daily`);
  const { from, to } = dueDays(now, last?.day ?? null, firstRollup?.day ?? null);
  const result = from <= to ? await closeRange(database, from, to, now) : { days: [], months: [], dirty: [] };
  // A month whose last day is closed but whose close did not run (a crash between the two).
  const unclosedMonth = last?.day ? monthEndingOn(last.day) : null;
  if (unclosedMonth) {
    const r = await closeMonthIfDue(database, unclosedMonth, now);
    if (r && !r.skipped) result.months.push(r);
  }
  // History sent after the closes started (a day before the last close that was never closed): every day from it
  // to the last closed day is closed again in full, in order, each month decided again after its last day, so
  // coins and levels follow the history. Days closed before write only what changed.
  const [gap] = await database.query<{ day: string | null; last: string | null }>(
    sql`select min(d.day)::text as day, (select max(day)::text from day_closes) as last from dirty_days d
        where d.day < (select max(day) from day_closes) and not exists (select 1 from day_closes c where c.day = d.day)`,
  );
  if (gap?.day && gap.last) {
    const refill = await closeRange(database, gap.day, gap.last, now, { redecideMonths: true });
    result.dirty.push(...refill.days.filter((d) => d.entries > 0 || d.partners > 0));
    result.months.push(...refill.months.filter((m) => !m.skipped));
  }
  // Then the closed days with late changes: re-run for the partners they touched, and every later closed day and
  // month after them (decision 0094).
  result.dirty.push(...(await revisitLateEvents(database, now)));
  return result;
}

/**
 * Late events for closed days (decision 0094): every partner and project a late event touched, and their two
 * referrers, are closed again from the earliest day it touched to the last closed day, in order, with each closed
 * month decided again right after its last day. Their ledger gets correcting entries, and their storage, coins,
 * levels and automatic unlimited periods become what the history calls for, whenever the closes ran. One
 * transaction: the dirty marks are taken in it, so a crash leaves them for the next run.
 */
async function revisitLateEvents(database: Database, now: Date): Promise<DayCloseResult[]> {
  return database.db.transaction(async (tx) => {
    await lockCloses(tx, 'close-revisit');
    // Taken first, as a day close does: an ingest commit after this marks its day again.
    const dirty = await rows<{ user_id: number; project: string; day: string }>(
      tx,
      sql`delete from dirty_days d using day_closes c where c.day = d.day returning d.user_id, d.project, d.day::text as day`,
    );
    if (!dirty.length) return [];
    const product = await loadProduct(tx);
    const dirtyUsers = [...new Set(dirty.map((d) => d.user_id))];
    const uplines = await rows<{ id: number; r1: number | null; r2: number | null }>(
      tx,
      sql`select u.id, u.referred_by as r1, p.referred_by as r2 from users u left join users p on p.id = u.referred_by
          where u.id = any(${pgArray(dirtyUsers)}::bigint[])`,
    );
    const starts = revisitStarts(dirty, new Map(uplines.map((u) => [u.id, u])));
    const from = starts.reduce((min, s) => (s.day < min ? s.day : min), starts[0]!.day);
    const closedDays = await rows<{ day: string }>(tx, sql`select day::text as day from day_closes where day >= ${from}::date`);
    const closedMonths = await rows<{ month: string }>(tx, sql`select to_char(month, 'YYYY-MM') as month from month_closes where month >= ${monthFirstDay(monthKey(from))}::date`);
    // Reported: the days late events touched, and later days whose ledger moved with them.
    const dirtyDays = new Set(dirty.map((d) => d.day));
    const results: DayCloseResult[] = [];
    for (const step of revisitSteps(starts, closedDays.map((d) => d.day), new Set(closedMonths.map((m) => m.month)))) {
      if (step.kind === 'month') {
        await decideMonth(tx, step.month, product, now, step.pairs);
        continue;
      }
      const { touched, entries } = await bookDay(tx, step.day, now, product, step.pairs, []);
      await tx.execute(sql`update day_closes set last_closed_at = ${now}, runs = runs + 1 where day = ${step.day}::date`);
      if (entries > 0 || dirtyDays.has(step.day)) results.push({ day: step.day, partners: touched.length, entries });
    }
    return results;
  });
}
