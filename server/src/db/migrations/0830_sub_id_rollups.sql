-- Sub-ID tags (decision 0206): the partner's link tag (`?sub=forum-x`) that file hosts pass on as `sub_id`. Figures
-- per partner, project, UTC day and tag ('' = no tag), written by ingest's store step in the event's transaction
-- like the other rollups. A sale keeps the tag it was sold with (its state row holds it, so a refund that comes after
-- the raw events were dropped still moves the right tag); a first download keeps the tag of the download that is
-- the first, so counted downloads and their earnings land under that tag.
create table ingest_daily_tag (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  sub_id text not null check (sub_id = '' or sub_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  hits bigint not null default 0,
  downloads bigint not null default 0,
  counted_downloads bigint not null default 0,
  sales bigint not null default 0,
  rebills bigint not null default 0,
  refunds bigint not null default 0,
  video_views bigint not null default 0,
  earned_micro bigint not null default 0,
  primary key (user_id, project, day, sub_id)
);
-- A tag's days (the tag screen's second level) and the sub_id filter of the other statistics.
create index ingest_daily_tag_tag_idx on ingest_daily_tag (user_id, project, sub_id, day);

alter table ingest_sales add column sub_id text not null default '';
alter table ingest_download_firsts add column sub_id text not null default '';

-- Everything counted before tags existed is "no tag": the same figures as the daily rollup.
insert into ingest_daily_tag (user_id, project, day, sub_id, hits, downloads, counted_downloads, sales, rebills, refunds, video_views, earned_micro)
select d.user_id, d.project, d.day, '', d.hits, d.downloads, d.counted_downloads,
  d.sales - coalesce(r.rebills, 0), coalesce(r.rebills, 0), d.refunds, d.video_views, d.earned_micro
from ingest_daily d
left join (
  select user_id, project, (at at time zone 'UTC')::date as day, sum(applied_sales) as rebills
  from ingest_sales where known and revenue_type = 'rebill' group by 1, 2, 3
) r using (user_id, project, day)
where d.hits <> 0 or d.downloads <> 0 or d.counted_downloads <> 0 or d.sales <> 0 or d.refunds <> 0 or d.video_views <> 0 or d.earned_micro <> 0;
