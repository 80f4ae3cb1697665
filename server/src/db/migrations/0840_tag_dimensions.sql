-- The files, sources and videos screens and a day's country groups filtered by sub-ID tag (decision 0209). Each of
-- their rollups keeps its tagged events apart,
-- in a rollup beside its own with the tag added to the key, written by ingest's store step in the event's transaction
-- like the others and held to the recount. Only tagged events (sub_id <> '') have rows: most traffic carries no tag,
-- and "no tag" is the whole rollup less the tagged rows, exact because every tagged addition to the whole rollup is
-- made to the tag's rollup too. Distinct viewers and video files are not kept per tag (a distinct count does not
-- subtract). Tagged events counted before this version are not split here; their figures read as "no tag".
create table ingest_daily_file_tag (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  sub_id text not null check (sub_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  file_id text not null,
  downloads bigint not null default 0,
  counted_downloads bigint not null default 0,
  video_views bigint not null default 0,
  sales bigint not null default 0,
  earned_micro bigint not null default 0,
  uncounted_refused bigint not null default 0,
  uncounted_repeat bigint not null default 0,
  uncounted_file_unavailable bigint not null default 0,
  uncounted_small_file bigint not null default 0,
  uncounted_pps_plan bigint not null default 0,
  uncounted_unpaid_group bigint not null default 0,
  primary key (user_id, project, day, sub_id, file_id)
);
-- A tag's files over all days (the files screen's totals) and on one day.
create index ingest_daily_file_tag_tag_idx on ingest_daily_file_tag (user_id, project, sub_id, file_id, day);

create table ingest_daily_source_tag (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  sub_id text not null check (sub_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  domain text not null,
  url text not null,
  hits bigint not null default 0,
  downloads bigint not null default 0,
  unique_downloads bigint not null default 0,
  purchases bigint not null default 0,
  primary key (user_id, project, day, sub_id, domain, url)
);
create index ingest_daily_source_tag_tag_idx on ingest_daily_source_tag (user_id, project, sub_id, day);

create table ingest_daily_video_tag (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  sub_id text not null check (sub_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  player_type text not null,
  views bigint not null default 0,
  seconds bigint not null default 0,
  sales bigint not null default 0,
  sale_earned_micro bigint not null default 0,
  primary key (user_id, project, day, sub_id, player_type)
);
create index ingest_daily_video_tag_tag_idx on ingest_daily_video_tag (user_id, project, sub_id, day);

create table ingest_daily_country_tag (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  sub_id text not null check (sub_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  country_group text not null,
  downloads bigint not null default 0,
  counted_downloads bigint not null default 0,
  download_earned_micro bigint not null default 0,
  sales bigint not null default 0,
  sale_earned_micro bigint not null default 0,
  uncounted_refused bigint not null default 0,
  uncounted_repeat bigint not null default 0,
  uncounted_file_unavailable bigint not null default 0,
  uncounted_small_file bigint not null default 0,
  uncounted_pps_plan bigint not null default 0,
  uncounted_unpaid_group bigint not null default 0,
  primary key (user_id, project, day, sub_id, country_group)
);
