-- The dashboard's unused files (docs/decisions/0213-unused-file-days.md): a partner's visible files (kind 'file',
-- known, not deleted) counted per UTC day from which they are unused, kept in step with `ingest_files` and
-- `stats_file_totals` by statement-level triggers. A file downloaded at least once is unused from the day after its
-- last download (`downloaded`); one never downloaded from its upload (its day here, the exact moment in
-- `ingest_files`). The five periods then read a few hundred narrow rows per partner, not every file and its totals.
create table stats_unused_days (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  since_day date not null,
  downloaded boolean not null,
  files bigint not null default 0,
  bytes bigint not null default 0,
  primary key (user_id, project, since_day, downloaded)
);

-- The triggers gather what changed into an array first (a short statement per kind of change), turn it into the day
-- parts it adds and takes away, and add those in one statement that each connection plans once. The transition
-- tables carry no statistics and a kept plan is made for whatever the first statement held, so no plan here depends
-- on their size: the old and the new rows are grouped by key, never joined to each other, and a file or its totals
-- are looked up by key behind `offset 0`, which keeps the planner from trading that lookup for a scan of a partial
-- index.
create type stats_unused_file_state as (
  user_id bigint, project text, file_id text, visible boolean, uploaded_at timestamptz, size_bytes bigint, sign int
);
create type stats_unused_day_move as (user_id bigint, project text, file_id text, old_day date, new_day date);
create type stats_unused_part as (user_id bigint, project text, since_day date, downloaded boolean, files int, bytes bigint);

-- Adds the parts to their days (a part taken away carries -1 file and its bytes negative); what cancels out is not
-- written.
create function stats_unused_add(parts stats_unused_part[]) returns void language plpgsql as $$
begin
  insert into stats_unused_days as u (user_id, project, since_day, downloaded, files, bytes)
  select p.user_id, p.project, p.since_day, p.downloaded, sum(p.files), sum(p.bytes)
  from unnest(parts) p
  group by 1, 2, 3, 4
  having sum(p.files) <> 0 or sum(p.bytes) <> 0
  order by 1, 2, 3, 4
  on conflict (user_id, project, since_day, downloaded) do update set
    files = u.files + excluded.files,
    bytes = u.bytes + excluded.bytes;
end
$$;

-- A file row came, changed or went: its old state (with its totals as they are) leaves, its new state enters. A
-- rename or a move leaves and enters the same day, and writes nothing.
create function stats_unused_on_files_change() returns trigger language plpgsql as $$
declare
  states stats_unused_file_state[];
begin
  if tg_op = 'INSERT' then
    states := array(select row(user_id, project, file_id, kind = 'file' and known and deleted_at is null, uploaded_at, size_bytes, 1)::stats_unused_file_state from new_rows);
  elsif tg_op = 'DELETE' then
    states := array(select row(user_id, project, file_id, kind = 'file' and known and deleted_at is null, uploaded_at, size_bytes, -1)::stats_unused_file_state from old_rows);
  else
    states := array(
      select row(user_id, project, file_id, kind = 'file' and known and deleted_at is null, uploaded_at, size_bytes, -1)::stats_unused_file_state from old_rows
      union all
      select row(user_id, project, file_id, kind = 'file' and known and deleted_at is null, uploaded_at, size_bytes, 1)::stats_unused_file_state from new_rows);
  end if;
  perform stats_unused_add(array(
    select row(c.user_id, c.project, coalesce(t.last_download_day + 1, (c.uploaded_at at time zone 'UTC')::date),
               t.last_download_day is not null, c.sign, c.sign * coalesce(c.size_bytes, 0))::stats_unused_part
    from unnest(states) c
    left join lateral (
      select t.last_download_day from stats_file_totals t
      where t.user_id = c.user_id and t.project = c.project and t.file_id = c.file_id offset 0
    ) t on true
    where c.visible and (t.last_download_day is not null or c.uploaded_at is not null)));
  return null;
end
$$;

-- A file's last download day changed (its totals row came, went or was updated): its part moves from the old day
-- (none: counted from its upload) to the new. Ingest updates totals in nearly every write; most keep their day.
create function stats_unused_on_totals_change() returns trigger language plpgsql as $$
declare
  moves stats_unused_day_move[];
begin
  if tg_op = 'INSERT' then
    moves := array(select row(user_id, project, file_id, null, last_download_day)::stats_unused_day_move from new_rows where last_download_day is not null);
  elsif tg_op = 'DELETE' then
    moves := array(select row(user_id, project, file_id, last_download_day, null)::stats_unused_day_move from old_rows where last_download_day is not null);
  else
    moves := array(
      select row(user_id, project, file_id, max(last_download_day) filter (where sign < 0), max(last_download_day) filter (where sign > 0))::stats_unused_day_move
      from (select user_id, project, file_id, last_download_day, -1 as sign from old_rows
            union all select user_id, project, file_id, last_download_day, 1 from new_rows) r
      group by user_id, project, file_id
      having max(last_download_day) filter (where sign < 0) is distinct from max(last_download_day) filter (where sign > 0));
  end if;
  -- Most statements move nothing.
  if cardinality(moves) = 0 then
    return null;
  end if;
  perform stats_unused_add(array(
    select row(c.user_id, c.project, coalesce(m.last_download_day + 1, (f.uploaded_at at time zone 'UTC')::date),
               m.last_download_day is not null, m.sign, m.sign * coalesce(f.size_bytes, 0))::stats_unused_part
    from unnest(moves) c
    cross join lateral (
      select f.user_id, f.uploaded_at, f.size_bytes, f.kind, f.known, f.deleted_at from ingest_files f
      where f.project = c.project and f.file_id = c.file_id offset 0
    ) f
    cross join lateral (values (c.old_day, -1), (c.new_day, 1)) as m(last_download_day, sign)
    where f.user_id = c.user_id and f.kind = 'file' and f.known and f.deleted_at is null
      and (m.last_download_day is not null or f.uploaded_at is not null)));
  return null;
end
$$;

create trigger stats_unused_on_file_insert after insert on ingest_files
  referencing new table as new_rows for each statement execute function stats_unused_on_files_change();
create trigger stats_unused_on_file_update after update on ingest_files
  referencing old table as old_rows new table as new_rows for each statement execute function stats_unused_on_files_change();
create trigger stats_unused_on_file_delete after delete on ingest_files
  referencing old table as old_rows for each statement execute function stats_unused_on_files_change();
create trigger stats_unused_on_totals_insert after insert on stats_file_totals
  referencing new table as new_rows for each statement execute function stats_unused_on_totals_change();
create trigger stats_unused_on_totals_update after update on stats_file_totals
  referencing old table as old_rows new table as new_rows for each statement execute function stats_unused_on_totals_change();
create trigger stats_unused_on_totals_delete after delete on stats_file_totals
  referencing old table as old_rows for each statement execute function stats_unused_on_totals_change();

-- Whatever the files already hold.
insert into stats_unused_days (user_id, project, since_day, downloaded, files, bytes)
select f.user_id, f.project, coalesce(t.last_download_day + 1, (f.uploaded_at at time zone 'UTC')::date),
       t.last_download_day is not null, count(*), coalesce(sum(f.size_bytes), 0)
from ingest_files f
left join stats_file_totals t on t.user_id = f.user_id and t.project = f.project and t.file_id = f.file_id
where f.kind = 'file' and f.known and f.deleted_at is null and (t.last_download_day is not null or f.uploaded_at is not null)
group by 1, 2, 3, 4;
