import { sql, type SQL } from 'drizzle-orm';
import type { DayRange, ProjectId } from '@pc/core';

/**
 * A partner's earnings by day, read from the two narrow day tables the triggers of migration 0880 keep
 * (docs/decisions/0221-earning-days.md): `earning_days_ingest` (the live rollup's earnings, files and sites) and
 * `earning_days_money` (the ledger's gold bonus, referral commissions and additional income, the storage cost and
 * stored bytes, the coins). Both are read by their primary keys alone, which carry every column.
 *
 * One row per day that has earnings to show: a rollup row, a gold bonus, commission or additional income entry, or a
 * storage day; a day with gold coins and nothing else is not one, as before the tables existed. Columns:
 * `project` (when no project is named), `day` (date), `files` (the rollup's earnings but the site bonus, plus the gold
 * bonus), `sites`, `referrals`, `additional`, `storage` (cost, micro-USD), `bytes` and `coins` (null when the day has
 * no storage or gold row).
 */
export function earningDaysOf(userId: number, project: ProjectId | null, range: DayRange): SQL {
  const ofProject = project === null ? sql`` : sql`and project = ${project}`;
  const joined = project === null ? sql`m.project = i.project and m.day = i.day` : sql`m.day = i.day`;
  const projectColumn = project === null ? sql`coalesce(i.project, m.project) as project,` : sql``;
  return sql`
    select ${projectColumn} coalesce(i.day, m.day) as day,
           coalesce(i.files, 0) + coalesce(m.gold_bonus, 0) as files, coalesce(i.sites, 0) as sites,
           coalesce(m.referrals, 0) as referrals, coalesce(m.additional, 0) as additional,
           coalesce(m.storage_cost, 0) as storage, m.bytes, m.coins
    from (
      select project, day, files, sites from earning_days_ingest
      where user_id = ${userId} ${ofProject} and day between ${range.from}::date and ${range.to}::date
    ) i
    full join (
      select project, day, gold_bonus, referrals, additional, ledger_entries, storage_cost, bytes, coins from earning_days_money
      where user_id = ${userId} ${ofProject} and day between ${range.from}::date and ${range.to}::date
    ) m on ${joined}
    where i.day is not null or m.ledger_entries > 0 or m.bytes is not null`;
}
