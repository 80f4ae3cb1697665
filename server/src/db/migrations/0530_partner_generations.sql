-- Generations of a partner's figures (decision 0093): counters raised in the same transaction as every write of
-- the figures the read cache keeps answers of. Their sum per partner only grows, and the cache keys answers by it,
-- so an answer kept by any process is never served once the figures moved. Two counters, so that ingest and the
-- money writers (closes, operators) never wait on each other's row:
--   'ingest': raised once, last, by each ingest batch for the partners it moved (ingest/process.ts);
--   'money':  raised by the triggers below for the partners of ledger entries, storage and gold days written.
-- No reference to users: rollups name partners by id alone.
create table partner_generations (
  user_id bigint not null,
  source text not null check (source in ('ingest', 'money')),
  generation bigint not null,
  primary key (user_id, source)
);

create function partner_generations_money() returns trigger language plpgsql as $$
begin
  insert into partner_generations as g (user_id, source, generation)
  select distinct user_id, 'money', 1 from changed where user_id is not null order by 1
  on conflict (user_id, source) do update set generation = g.generation + 1;
  return null;
end $$;

-- Ledger entries are only ever inserted (a trigger refuses the rest).
create trigger ledger_entries_generation after insert on ledger_entries
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger storage_days_generation_insert after insert on storage_days
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger storage_days_generation_update after update on storage_days
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger storage_days_generation_delete after delete on storage_days
  referencing old table as changed for each statement execute function partner_generations_money();
create trigger gold_days_generation_insert after insert on gold_days
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger gold_days_generation_update after update on gold_days
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger gold_days_generation_delete after delete on gold_days
  referencing old table as changed for each statement execute function partner_generations_money();
