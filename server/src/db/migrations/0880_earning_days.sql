-- A partner's earnings by day in two narrow rows per partner, project and day, kept by triggers in the same
-- transaction as the rows they come from (docs/decisions/0221-earning-days.md). The earnings page, its today and
-- efficiency sums and the dashboard's earnings by day and month read a partner's days from these two tables'
-- primary keys alone (index-only scans of a few pages) instead of a union of the wide daily rollup, the ledger and
-- the storage days grouped by day.
--
-- Two tables, as partner_generations has two counters, so that ingest and the money writers (closes, operators)
-- never wait on each other's row: ingest writes only earning_days_ingest (under its project's lock), the closes
-- and operators only earning_days_money.
--
-- earning_days_ingest mirrors ingest_daily's earning columns: files = every earning but the site-referral bonus
-- (money/earning-columns.ts FILES_COLUMNS), sites = the site-referral bonus (SITE_COLUMNS). A row exists exactly
-- when the ingest_daily row does.
create table earning_days_ingest (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  files bigint not null,
  sites bigint not null,
  primary key (user_id, project, day) include (files, sites)
);

-- earning_days_money: the ledger's gold bonus, referral commissions and additional income of the day (sums, how many
-- such entries there are, and how many of them are gold bonus entries), the day's storage cost and stored bytes (storage_days, null when the day has no
-- storage row) and the coins of the day's gold row (null when it has none).
create table earning_days_money (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  gold_bonus bigint not null default 0,
  referrals bigint not null default 0,
  additional bigint not null default 0,
  ledger_entries integer not null default 0,
  gold_entries integer not null default 0,
  storage_cost bigint not null default 0,
  bytes bigint,
  coins integer,
  primary key (user_id, project, day) include (gold_bonus, referrals, additional, ledger_entries, gold_entries, storage_cost, bytes, coins)
);

-- Every trigger takes its rows in key order, so two writers of several partners' days lock them in one order.
-- The money triggers are named `<table>_z_…` because PostgreSQL fires a table's triggers of one kind in the order of
-- their names: these fire after partner_generations_money (`…_generation…`) and partner_ledger_totals_add
-- (`ledger_entries_totals`), so every writer takes a partner's rows in one order (generation, ledger total, earning
-- day) and a partner's entries written one by one beside several partners' in one statement cannot deadlock.
-- Rollup, storage and gold rows are written by key and their keys are never updated; an insert or update sets the
-- kept figures from the row as written, a delete clears them.
create function earning_days_ingest_set() returns trigger language plpgsql as $$
begin
  insert into earning_days_ingest as e (user_id, project, day, files, sites)
  select user_id, project, day,
         download_earned_micro + copy_download_earned_micro + sale_earned_micro + copy_sale_earned_micro + video_sale_earned_micro,
         site_earned_micro
  from changed order by user_id, project, day
  on conflict (user_id, project, day) do update set files = excluded.files, sites = excluded.sites;
  return null;
end $$;

create function earning_days_ingest_clear() returns trigger language plpgsql as $$
begin
  delete from earning_days_ingest e using changed c
  where e.user_id = c.user_id and e.project = c.project and e.day = c.day;
  return null;
end $$;

create trigger ingest_daily_earning_days_insert after insert on ingest_daily
  referencing new table as changed for each statement execute function earning_days_ingest_set();
create trigger ingest_daily_earning_days_update after update on ingest_daily
  referencing new table as changed for each statement execute function earning_days_ingest_set();
create trigger ingest_daily_earning_days_delete after delete on ingest_daily
  referencing old table as changed for each statement execute function earning_days_ingest_clear();

-- The ledger is only ever inserted into (0200's trigger refuses the rest): each insert adds its entries.
create function earning_days_money_ledger() returns trigger language plpgsql as $$
begin
  insert into earning_days_money as m (user_id, project, day, gold_bonus, referrals, additional, ledger_entries, gold_entries)
  select user_id, project, day,
         sum(case when source = 'gold_bonus' then amount_micro else 0 end),
         sum(case when source = 'referrals' then amount_micro else 0 end),
         sum(case when source = 'additional' then amount_micro else 0 end),
         count(*),
         count(*) filter (where source = 'gold_bonus')
  from changed
  where project is not null and source in ('gold_bonus', 'referrals', 'additional')
  group by user_id, project, day order by user_id, project, day
  on conflict (user_id, project, day) do update set
    gold_bonus = m.gold_bonus + excluded.gold_bonus,
    referrals = m.referrals + excluded.referrals,
    additional = m.additional + excluded.additional,
    ledger_entries = m.ledger_entries + excluded.ledger_entries,
    gold_entries = m.gold_entries + excluded.gold_entries;
  return null;
end $$;

create trigger ledger_entries_z_earning_days after insert on ledger_entries
  referencing new table as changed for each statement execute function earning_days_money_ledger();

create function earning_days_money_storage_set() returns trigger language plpgsql as $$
begin
  insert into earning_days_money as m (user_id, project, day, storage_cost, bytes)
  select user_id, project, day, cost_micro, bytes from changed order by user_id, project, day
  on conflict (user_id, project, day) do update set storage_cost = excluded.storage_cost, bytes = excluded.bytes;
  return null;
end $$;

create function earning_days_money_storage_clear() returns trigger language plpgsql as $$
begin
  update earning_days_money m set storage_cost = 0, bytes = null
  from (select user_id, project, day from changed order by user_id, project, day) c
  where m.user_id = c.user_id and m.project = c.project and m.day = c.day;
  return null;
end $$;

create trigger storage_days_z_earning_days_insert after insert on storage_days
  referencing new table as changed for each statement execute function earning_days_money_storage_set();
create trigger storage_days_z_earning_days_update after update on storage_days
  referencing new table as changed for each statement execute function earning_days_money_storage_set();
create trigger storage_days_z_earning_days_delete after delete on storage_days
  referencing old table as changed for each statement execute function earning_days_money_storage_clear();

create function earning_days_money_gold_set() returns trigger language plpgsql as $$
begin
  insert into earning_days_money as m (user_id, project, day, coins)
  select user_id, project, day, coins from changed order by user_id, project, day
  on conflict (user_id, project, day) do update set coins = excluded.coins;
  return null;
end $$;

create function earning_days_money_gold_clear() returns trigger language plpgsql as $$
begin
  update earning_days_money m set coins = null
  from (select user_id, project, day from changed order by user_id, project, day) c
  where m.user_id = c.user_id and m.project = c.project and m.day = c.day;
  return null;
end $$;

create trigger gold_days_z_earning_days_insert after insert on gold_days
  referencing new table as changed for each statement execute function earning_days_money_gold_set();
create trigger gold_days_z_earning_days_update after update on gold_days
  referencing new table as changed for each statement execute function earning_days_money_gold_set();
create trigger gold_days_z_earning_days_delete after delete on gold_days
  referencing old table as changed for each statement execute function earning_days_money_gold_clear();

-- The days already held.
insert into earning_days_ingest (user_id, project, day, files, sites)
select user_id, project, day,
       download_earned_micro + copy_download_earned_micro + sale_earned_micro + copy_sale_earned_micro + video_sale_earned_micro,
       site_earned_micro
from ingest_daily;

insert into earning_days_money (user_id, project, day, gold_bonus, referrals, additional, ledger_entries, gold_entries, storage_cost, bytes, coins)
select user_id, project, day, sum(gold_bonus), sum(referrals), sum(additional), sum(ledger_entries), sum(gold_entries), sum(storage_cost), max(bytes), max(coins)
from (
  select user_id, project, day,
         case when source = 'gold_bonus' then amount_micro else 0 end as gold_bonus,
         case when source = 'referrals' then amount_micro else 0 end as referrals,
         case when source = 'additional' then amount_micro else 0 end as additional,
         1 as ledger_entries, case when source = 'gold_bonus' then 1 else 0 end as gold_entries,
         0::bigint as storage_cost, null::bigint as bytes, null::integer as coins
  from ledger_entries
  where project is not null and source in ('gold_bonus', 'referrals', 'additional')
  union all
  select user_id, project, day, 0, 0, 0, 0, 0, cost_micro, bytes, null from storage_days
  union all
  select user_id, project, day, 0, 0, 0, 0, 0, 0, null, coins from gold_days
) held
group by user_id, project, day;
