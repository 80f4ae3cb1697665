-- The sources screen over long ranges: per partner, project, month and referring domain, kept in step with
-- ingest_daily_source by statement-level triggers. A two-year range reads 24 months of domains plus the days of
-- its partial first and last months (docs/decisions/0060-statistics-reads.md).
create table stats_source_months (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  month date not null,
  domain text not null,
  hits bigint not null default 0,
  downloads bigint not null default 0,
  unique_downloads bigint not null default 0,
  purchases bigint not null default 0,
  primary key (user_id, project, month, domain)
);

create function stats_source_months_on_insert() returns trigger language plpgsql as $$
begin
  insert into stats_source_months as t (user_id, project, month, domain, hits, downloads, unique_downloads, purchases)
  select user_id, project, date_trunc('month', day)::date, domain, sum(hits), sum(downloads), sum(unique_downloads), sum(purchases)
  from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (user_id, project, month, domain) do update set
    hits = t.hits + excluded.hits,
    downloads = t.downloads + excluded.downloads,
    unique_downloads = t.unique_downloads + excluded.unique_downloads,
    purchases = t.purchases + excluded.purchases;
  return null;
end
$$;

create function stats_source_months_on_update() returns trigger language plpgsql as $$
begin
  insert into stats_source_months as t (user_id, project, month, domain, hits, downloads, unique_downloads, purchases)
  select n.user_id, n.project, date_trunc('month', n.day)::date, n.domain, sum(n.hits - o.hits), sum(n.downloads - o.downloads),
         sum(n.unique_downloads - o.unique_downloads), sum(n.purchases - o.purchases)
  from new_rows n
  join old_rows o on o.user_id = n.user_id and o.project = n.project and o.day = n.day and o.domain = n.domain and o.url = n.url
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (user_id, project, month, domain) do update set
    hits = t.hits + excluded.hits,
    downloads = t.downloads + excluded.downloads,
    unique_downloads = t.unique_downloads + excluded.unique_downloads,
    purchases = t.purchases + excluded.purchases;
  return null;
end
$$;

create function stats_source_months_on_delete() returns trigger language plpgsql as $$
begin
  update stats_source_months t set
    hits = t.hits - o.hits,
    downloads = t.downloads - o.downloads,
    unique_downloads = t.unique_downloads - o.unique_downloads,
    purchases = t.purchases - o.purchases
  from (
    select user_id, project, date_trunc('month', day)::date as month, domain, sum(hits) as hits, sum(downloads) as downloads,
           sum(unique_downloads) as unique_downloads, sum(purchases) as purchases
    from old_rows group by 1, 2, 3, 4
  ) o
  where t.user_id = o.user_id and t.project = o.project and t.month = o.month and t.domain = o.domain;
  return null;
end
$$;

create trigger stats_source_months_insert after insert on ingest_daily_source
  referencing new table as new_rows for each statement execute function stats_source_months_on_insert();
create trigger stats_source_months_update after update on ingest_daily_source
  referencing old table as old_rows new table as new_rows for each statement execute function stats_source_months_on_update();
create trigger stats_source_months_delete after delete on ingest_daily_source
  referencing old table as old_rows for each statement execute function stats_source_months_on_delete();

insert into stats_source_months (user_id, project, month, domain, hits, downloads, unique_downloads, purchases)
select user_id, project, date_trunc('month', day)::date, domain, sum(hits), sum(downloads), sum(unique_downloads), sum(purchases)
from ingest_daily_source group by 1, 2, 3, 4;

-- The URLs of one domain over a range.
create index stats_source_domain_day_idx on ingest_daily_source (user_id, project, domain, day);
