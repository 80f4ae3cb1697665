-- Ingest: the file hosts' events (raw, append-only), the current state derived from them (files, sales,
-- first downloads) and the rollups the statistics screens and the day close read. docs/ingest.md and
-- docs/decisions/0020-ingest-order-independence.md explain the shapes.

-- One row per accepted event id: the dedup key (the partitioned raw table cannot hold a global unique key).
create table ingest_event_keys (
  project text not null check (project in ('fd1', 'fd2')),
  event_id text not null,
  at timestamptz not null,
  received_at timestamptz not null default now(),
  primary key (project, event_id)
);

-- Every accepted event as sent (normalized), append-only, partitioned by the month of the event's own time.
create table ingest_events (
  project text not null check (project in ('fd1', 'fd2')),
  event_id text not null,
  type text not null,
  at timestamptz not null,
  user_id bigint not null,
  received_at timestamptz not null default now(),
  payload jsonb not null
) partition by range (at);
create table ingest_events_default partition of ingest_events default;
create index ingest_events_user_at_idx on ingest_events (project, user_id, at);

-- Creates the monthly partition holding `at` when missing (called before inserting rows of a new month).
create function ingest_ensure_partition(at timestamptz) returns void language plpgsql as $$
declare
  m timestamptz := date_trunc('month', at at time zone 'UTC') at time zone 'UTC';
  name text := 'ingest_events_' || to_char(m at time zone 'UTC', 'YYYYMM');
begin
  if to_regclass(name) is null then
    execute format('create table %I partition of ingest_events for values from (%L) to (%L)',
      name, m, (m at time zone 'UTC' + interval '1 month') at time zone 'UTC');
  end if;
end
$$;

-- Monthly partitions for the two years of history the product accepts, and a little ahead.
do $$
declare i integer;
begin
  for i in -26..2 loop
    perform ingest_ensure_partition(now() + make_interval(months => i));
  end loop;
end
$$;

-- A partner's verified sites (site referrals). Minimal here; the sites feature extends it.
create table partner_sites (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  domain text not null,
  status text not null default 'not_verified' check (status in ('not_verified', 'active', 'banned', 'deleted')),
  token text not null,
  created_at timestamptz not null default now()
);
create index partner_sites_domain_idx on partner_sites (project, domain);
create index partner_sites_user_idx on partner_sites (user_id, project);

-- Files and file copies as the events describe them now. Each attribute is a last-writer-wins register
-- versioned by (event time, event id), so the final state does not depend on arrival order.
-- known = its upload (or copy) event has arrived; until then size and video flag are unknown.
create table ingest_files (
  project text not null check (project in ('fd1', 'fd2')),
  file_id text not null,
  user_id bigint not null,
  kind text not null default 'file' check (kind in ('file', 'copy')),
  known boolean not null default false,
  uploaded_at timestamptz,
  size_bytes bigint,
  is_video boolean not null default false,
  copy_of_file_id text,
  copy_account_id text,
  name text not null default '',
  name_at timestamptz,
  name_event_id text,
  -- null = the Inbox
  folder text,
  folder_at timestamptz,
  folder_event_id text,
  deleted_at timestamptz,
  primary key (project, file_id)
);
create index ingest_files_user_idx on ingest_files (user_id, project, kind);

-- Premium sales, keyed by the file host's sale id. The sale event and its status changes may arrive in any
-- order; status and fraud flag are last-writer-wins registers. applied_* is what the sale currently
-- contributes to the rollups, so any change applies exactly the difference.
create table ingest_sales (
  project text not null check (project in ('fd1', 'fd2')),
  sale_id text not null,
  user_id bigint not null,
  known boolean not null default false,
  at timestamptz,
  amount_micro bigint,
  revenue_type text check (revenue_type in ('direct', 'rebill', 'file_copy', 'promo_link', 'site_referral')),
  file_id text,
  site_domain text,
  site_user_id bigint,
  buyer_email text,
  payment_system text,
  tariff text,
  country text,
  country_group text,
  status text not null default 'ok' check (status in ('ok', 'hold', 'void', 'refund')),
  status_at timestamptz,
  status_event_id text,
  fraud boolean not null default false,
  fraud_at timestamptz,
  fraud_event_id text,
  applied_sales integer not null default 0,
  applied_amount_micro bigint not null default 0,
  applied_share_micro bigint not null default 0,
  applied_site_micro bigint not null default 0,
  applied_bucket text not null default 'sale' check (applied_bucket in ('sale', 'copy', 'video')),
  applied_coin_sales integer not null default 0,
  applied_refunds integer not null default 0,
  primary key (project, sale_id)
);
create index ingest_sales_user_at_idx on ingest_sales (user_id, project, at);
create index ingest_sales_file_idx on ingest_sales (project, file_id);

-- The first download of a file by a downloader in a UTC day (earliest by event time, then event id): the
-- unique download that may count for pay. applied_* is its current contribution.
create table ingest_download_firsts (
  project text not null check (project in ('fd1', 'fd2')),
  file_id text not null,
  downloader_id text not null,
  day date not null,
  user_id bigint not null,
  event_id text not null,
  at timestamptz not null,
  country_group text not null,
  referrer_domain text not null,
  referrer_url text not null,
  applied_counted integer not null default 0,
  applied_earned_micro bigint not null default 0,
  applied_copy boolean not null default false,
  primary key (project, file_id, downloader_id, day)
);

-- Distinct values seen per partner, project, UTC day and dimension (video viewers, video files).
create table ingest_day_uniques (
  project text not null check (project in ('fd1', 'fd2')),
  user_id bigint not null,
  day date not null,
  kind text not null,
  dim text not null,
  value text not null,
  primary key (project, user_id, day, kind, dim, value)
);

-- Rollup per partner, project and UTC day. Earnings (micro-USD) are split so the close can book them per source:
-- own files (download_earned, sale_earned), file copies (copy_*), video sales (video_sale_earned), sites.
-- earned_micro is their sum. Counts of sales include status ok and hold only.
create table ingest_daily (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  hits bigint not null default 0,
  downloads bigint not null default 0,
  downloads_completed bigint not null default 0,
  unique_downloads bigint not null default 0,
  counted_downloads bigint not null default 0,
  download_earned_micro bigint not null default 0,
  copy_download_earned_micro bigint not null default 0,
  sales bigint not null default 0,
  sales_amount_micro bigint not null default 0,
  sale_earned_micro bigint not null default 0,
  copy_sale_earned_micro bigint not null default 0,
  video_sales bigint not null default 0,
  video_sale_earned_micro bigint not null default 0,
  coin_sales bigint not null default 0,
  refunds bigint not null default 0,
  site_sales bigint not null default 0,
  site_earned_micro bigint not null default 0,
  earned_micro bigint not null default 0,
  copies bigint not null default 0,
  files_uploaded bigint not null default 0,
  video_views bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (user_id, project, day)
);

-- Per country group (A-G, R, U): downloads and sales of a partner's day (detailed statistics breakdown).
create table ingest_daily_country (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  country_group text not null,
  downloads bigint not null default 0,
  counted_downloads bigint not null default 0,
  download_earned_micro bigint not null default 0,
  sales bigint not null default 0,
  sale_earned_micro bigint not null default 0,
  primary key (user_id, project, day, country_group)
);

-- Per file (and file copy): downloads, video views, sales and earnings of a day (files and file copies screens).
create table ingest_daily_file (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  file_id text not null,
  downloads bigint not null default 0,
  counted_downloads bigint not null default 0,
  video_views bigint not null default 0,
  sales bigint not null default 0,
  earned_micro bigint not null default 0,
  primary key (user_id, project, day, file_id)
);
create index ingest_daily_file_file_idx on ingest_daily_file (project, file_id);

-- Per referrer domain and URL ('' = direct or unknown; url '' = the domain's total for purchases).
create table ingest_daily_source (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  domain text not null,
  url text not null,
  hits bigint not null default 0,
  downloads bigint not null default 0,
  unique_downloads bigint not null default 0,
  purchases bigint not null default 0,
  primary key (user_id, project, day, domain, url)
);

-- Per player type (embed, on_site, full, demo, and 'all' across them): video views, distinct viewers and files.
create table ingest_daily_video (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  player_type text not null,
  views bigint not null default 0,
  unique_viewers bigint not null default 0,
  video_files bigint not null default 0,
  seconds bigint not null default 0,
  primary key (user_id, project, day, player_type)
);

-- Partner days whose rollups changed since the day close last looked (decision 0002).
create table dirty_days (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  marked_at timestamptz not null default now(),
  primary key (user_id, project, day)
);
