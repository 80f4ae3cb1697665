-- The files screens sort 10,000 files by all-time figures and page them: every file gets a totals row as soon
-- as it is known (zero until its first download), so "order by total ... limit" walks an index instead of
-- joining and sorting every file per request (docs/decisions/0060-statistics-reads.md).

create function stats_file_totals_add_files() returns trigger language plpgsql as $$
begin
  insert into stats_file_totals (user_id, project, file_id)
  select user_id, project, file_id from new_rows order by user_id, project, file_id
  on conflict (user_id, project, file_id) do nothing;
  return null;
end
$$;
create trigger stats_file_totals_on_file_insert after insert on ingest_files
  referencing new table as new_rows for each statement execute function stats_file_totals_add_files();

insert into stats_file_totals (user_id, project, file_id)
select user_id, project, file_id from ingest_files
on conflict (user_id, project, file_id) do nothing;

create index stats_file_totals_downloads_idx on stats_file_totals (user_id, project, downloads, file_id);
create index stats_file_totals_earned_idx on stats_file_totals (user_id, project, earned_micro, file_id);
create index stats_file_totals_sales_idx on stats_file_totals (user_id, project, sales, file_id);
create index stats_file_totals_views_idx on stats_file_totals (user_id, project, video_views, file_id);

-- A partner's visible files of one kind, in each order the screens offer, and their folders.
drop index stats_files_user_uploaded_idx;
create index stats_files_uploaded_idx on ingest_files (user_id, project, kind, uploaded_at, file_id) where known and deleted_at is null;
create index stats_files_name_idx on ingest_files (user_id, project, kind, name, file_id) where known and deleted_at is null;
create index stats_files_size_idx on ingest_files (user_id, project, kind, size_bytes, file_id) where known and deleted_at is null;
create index stats_files_folder_idx on ingest_files (user_id, project, kind, folder) where known and deleted_at is null;

-- The "falling" hint reads the last 14 days of the files of one page.
create index stats_daily_file_trend_idx on ingest_daily_file (user_id, project, file_id, day) include (downloads);
