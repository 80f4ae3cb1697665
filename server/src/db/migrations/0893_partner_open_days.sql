-- A partner's days that may still be open (docs/decisions/0224-open-days.md): every day of the daily rollup is here
-- or closed, so the balance finds its live days among a few rows instead of matching every day the partner ever had
-- against the closed days. A day is added when its first rollup row is inserted, and taken off when it is closed
-- (or closed again); a day added while its close was running stays until the next close of it, and the reads match
-- these rows against the closed days all the same, so a day left here never counts twice.
create table partner_open_days (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  primary key (user_id, project, day)
);

-- A row trigger: it fires for the rows an upsert inserts (a day's first row), not for those it updates, so the batches
-- that only add to days already there (nearly all of them) pay nothing for it.
create function partner_open_days_on_daily_insert() returns trigger language plpgsql as $$
begin
  insert into partner_open_days (user_id, project, day) values (new.user_id, new.project, new.day)
  on conflict (user_id, project, day) do nothing;
  return null;
end
$$;

create function partner_open_days_on_close() returns trigger language plpgsql as $$
begin
  delete from partner_open_days o using new_rows c
  where o.user_id = c.user_id and o.project = c.project and o.day = c.day;
  return null;
end
$$;

create trigger ingest_daily_open_days_insert after insert on ingest_daily
  for each row execute function partner_open_days_on_daily_insert();
create trigger closed_partner_days_open_days_insert after insert on closed_partner_days
  referencing new table as new_rows for each statement execute function partner_open_days_on_close();
create trigger closed_partner_days_open_days_update after update on closed_partner_days
  referencing new table as new_rows for each statement execute function partner_open_days_on_close();

insert into partner_open_days (user_id, project, day)
select k.user_id, k.project, k.day from ingest_daily k
where not exists (select 1 from closed_partner_days c where c.user_id = k.user_id and c.project = k.project and c.day = k.day);
