-- The files and file copies screens' count and folder list (docs/decisions/0222-file-folders.md): a partner's
-- visible files (known, not deleted) counted per project, kind and folder (null = the Inbox), kept in step with
-- `ingest_files` by statement-level triggers. A list's total without a name search, and the folder filter's choices,
-- then read a partner's few folder rows instead of counting every file and walking the folder index on each call.
create table stats_file_folders (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  kind text not null,
  folder text,
  files bigint not null default 0
);
-- The Inbox (folder null) is one row like any folder: nulls are not distinct here.
create unique index stats_file_folders_key on stats_file_folders (user_id, project, kind, folder) include (files)
  nulls not distinct;

-- A file row came, changed or went: its old state leaves its folder, its new state enters one. A rename, or an
-- update that keeps the folder and the visibility, adds and takes the same file and writes nothing. Rows are written
-- in key order, so two writers of one partner's folders take them in one order; a folder left with no file keeps
-- its row at zero (the reads skip it), so a file moved out and back does not delete and insert a row.
create function stats_file_folders_on_files_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into stats_file_folders as s (user_id, project, kind, folder, files)
    select user_id, project, kind, folder, count(*) from new_rows
    where known and deleted_at is null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (user_id, project, kind, folder) do update set files = s.files + excluded.files;
  elsif tg_op = 'DELETE' then
    insert into stats_file_folders as s (user_id, project, kind, folder, files)
    select user_id, project, kind, folder, -count(*) from old_rows
    where known and deleted_at is null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (user_id, project, kind, folder) do update set files = s.files + excluded.files;
  else
    insert into stats_file_folders as s (user_id, project, kind, folder, files)
    select user_id, project, kind, folder, sum(sign) from (
      select user_id, project, kind, folder, -1 as sign from old_rows where known and deleted_at is null
      union all
      select user_id, project, kind, folder, 1 from new_rows where known and deleted_at is null) r
    group by 1, 2, 3, 4 having sum(sign) <> 0 order by 1, 2, 3, 4
    on conflict (user_id, project, kind, folder) do update set files = s.files + excluded.files;
  end if;
  return null;
end
$$;

create trigger stats_file_folders_on_insert after insert on ingest_files
  referencing new table as new_rows for each statement execute function stats_file_folders_on_files_change();
create trigger stats_file_folders_on_update after update on ingest_files
  referencing old table as old_rows new table as new_rows for each statement execute function stats_file_folders_on_files_change();
create trigger stats_file_folders_on_delete after delete on ingest_files
  referencing old table as old_rows for each statement execute function stats_file_folders_on_files_change();

-- Whatever the files already hold.
insert into stats_file_folders (user_id, project, kind, folder, files)
select user_id, project, kind, folder, count(*) from ingest_files
where known and deleted_at is null
group by 1, 2, 3, 4;
