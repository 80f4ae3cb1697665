-- Read side of the statistics, earnings and dashboard screens (docs/decisions/0060-statistics-reads.md).

-- All-time figures per file (and file copy), kept in step with ingest_daily_file by statement-level triggers,
-- so the files screens sort and page 10,000 files without summing two years of daily rows per request.
create table stats_file_totals (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  file_id text not null,
  downloads bigint not null default 0,
  video_views bigint not null default 0,
  sales bigint not null default 0,
  earned_micro bigint not null default 0,
  -- The last UTC day with a download (unused-file periods, the "minus" hint); null if never downloaded.
  last_download_day date,
  primary key (user_id, project, file_id)
);
create index stats_file_totals_last_download_idx on stats_file_totals (user_id, project, last_download_day);

create function stats_file_totals_apply_insert() returns trigger language plpgsql as $$
begin
  insert into stats_file_totals as t (user_id, project, file_id, downloads, video_views, sales, earned_micro, last_download_day)
  select user_id, project, file_id, sum(downloads), sum(video_views), sum(sales), sum(earned_micro),
         max(day) filter (where downloads > 0)
  from new_rows
  group by user_id, project, file_id
  order by user_id, project, file_id
  on conflict (user_id, project, file_id) do update set
    downloads = t.downloads + excluded.downloads,
    video_views = t.video_views + excluded.video_views,
    sales = t.sales + excluded.sales,
    earned_micro = t.earned_micro + excluded.earned_micro,
    last_download_day = greatest(t.last_download_day, excluded.last_download_day);
  return null;
end
$$;

create function stats_file_totals_apply_update() returns trigger language plpgsql as $$
begin
  insert into stats_file_totals as t (user_id, project, file_id, downloads, video_views, sales, earned_micro, last_download_day)
  select n.user_id, n.project, n.file_id, sum(n.downloads - o.downloads), sum(n.video_views - o.video_views),
         sum(n.sales - o.sales), sum(n.earned_micro - o.earned_micro), max(n.day) filter (where n.downloads > 0)
  from new_rows n
  join old_rows o on o.user_id = n.user_id and o.project = n.project and o.day = n.day and o.file_id = n.file_id
  group by n.user_id, n.project, n.file_id
  order by n.user_id, n.project, n.file_id
  on conflict (user_id, project, file_id) do update set
    downloads = t.downloads + excluded.downloads,
    video_views = t.video_views + excluded.video_views,
    sales = t.sales + excluded.sales,
    earned_micro = t.earned_micro + excluded.earned_micro,
    last_download_day = greatest(t.last_download_day, excluded.last_download_day);
  return null;
end
$$;

create function stats_file_totals_apply_delete() returns trigger language plpgsql as $$
begin
  update stats_file_totals t set
    downloads = t.downloads - o.downloads,
    video_views = t.video_views - o.video_views,
    sales = t.sales - o.sales,
    earned_micro = t.earned_micro - o.earned_micro
  from (
    select user_id, project, file_id, sum(downloads) as downloads, sum(video_views) as video_views,
           sum(sales) as sales, sum(earned_micro) as earned_micro
    from old_rows group by user_id, project, file_id
  ) o
  where t.user_id = o.user_id and t.project = o.project and t.file_id = o.file_id;
  return null;
end
$$;

create trigger stats_file_totals_on_insert after insert on ingest_daily_file
  referencing new table as new_rows for each statement execute function stats_file_totals_apply_insert();
create trigger stats_file_totals_on_update after update on ingest_daily_file
  referencing old table as old_rows new table as new_rows for each statement execute function stats_file_totals_apply_update();
create trigger stats_file_totals_on_delete after delete on ingest_daily_file
  referencing old table as old_rows for each statement execute function stats_file_totals_apply_delete();

-- Whatever the rollup already holds.
insert into stats_file_totals (user_id, project, file_id, downloads, video_views, sales, earned_micro, last_download_day)
select user_id, project, file_id, sum(downloads), sum(video_views), sum(sales), sum(earned_micro),
       max(day) filter (where downloads > 0)
from ingest_daily_file group by user_id, project, file_id;

-- Sales a partner's verified sites referred (the sales screen of the site's owner).
create index stats_sales_site_user_at_idx on ingest_sales (site_user_id, project, at) where site_user_id is not null;
-- The files screens: a partner's files of one kind, newest first.
create index stats_files_user_uploaded_idx on ingest_files (user_id, project, kind, uploaded_at);
