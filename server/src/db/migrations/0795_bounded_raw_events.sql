-- Raw events and their dedup keys are kept for the statistics window plus a margin, then dropped a monthly partition
-- at a time by housekeeping (decision 0203). The raw events were partitioned by the month of their time already; the
-- dedup keys move to the same months, so a month's keys go with its events. A key is now (project, id, time): a
-- resent event carries its own time and is found in its month's partition.
alter table ingest_event_keys rename to ingest_event_keys_unpartitioned;
alter table ingest_event_keys_unpartitioned rename constraint ingest_event_keys_pkey to ingest_event_keys_unpartitioned_pkey;

create table ingest_event_keys (
  project text not null check (project in ('fd1', 'fd2')),
  event_id text not null,
  at timestamptz not null,
  received_at timestamptz not null default now(),
  primary key (project, event_id, at)
) partition by range (at);
create table ingest_event_keys_default partition of ingest_event_keys default;

-- The month's partition of both tables, each created when missing (called before inserting rows of a new month).
create or replace function ingest_ensure_partition(at timestamptz) returns void language plpgsql as $$
declare
  m timestamptz := date_trunc('month', at at time zone 'UTC') at time zone 'UTC';
  upto timestamptz := (date_trunc('month', at at time zone 'UTC') + interval '1 month') at time zone 'UTC';
  suffix text := to_char(date_trunc('month', at at time zone 'UTC'), 'YYYYMM');
begin
  if to_regclass('ingest_events_' || suffix) is null then
    execute format('create table %I partition of ingest_events for values from (%L) to (%L)', 'ingest_events_' || suffix, m, upto);
  end if;
  if to_regclass('ingest_event_keys_' || suffix) is null then
    execute format('create table %I partition of ingest_event_keys for values from (%L) to (%L)', 'ingest_event_keys_' || suffix, m, upto);
  end if;
end
$$;

-- A keys partition for every month the raw events have one (and for every month the old keys hold), then the keys.
do $$
declare r record;
begin
  for r in
    select to_date(substr(c.relname, length('ingest_events_') + 1), 'YYYYMM')::timestamp at time zone 'UTC' as m
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'ingest_events'::regclass and c.relname ~ '^ingest_events_[0-9]{6}$'
    union
    select distinct date_trunc('month', at at time zone 'UTC') at time zone 'UTC' from ingest_event_keys_unpartitioned
  loop
    perform ingest_ensure_partition(r.m);
  end loop;
end
$$;

insert into ingest_event_keys (project, event_id, at, received_at)
select project, event_id, at, received_at from ingest_event_keys_unpartitioned;
drop table ingest_event_keys_unpartitioned;
