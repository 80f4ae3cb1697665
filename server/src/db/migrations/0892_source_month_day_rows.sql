-- The sources list over a range that starts or ends inside a month reads the month's row less the days outside the
-- range when those are fewer than the days inside (docs/decisions/0223-source-months-less-days.md). A domain belongs
-- in the list when it has at least one day row in the range, so each month row counts its day rows: the month's count
-- less the count of the days taken off tells whether any day of the domain is left.
alter table stats_source_months add column day_rows bigint not null default 0;

create or replace function stats_source_months_on_insert() returns trigger language plpgsql as $$
begin
  insert into stats_source_months as t (user_id, project, month, domain, hits, downloads, unique_downloads, purchases, day_rows)
  select user_id, project, date_trunc('month', day)::date, domain, sum(hits), sum(downloads), sum(unique_downloads), sum(purchases), count(*)
  from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (user_id, project, month, domain) do update set
    hits = t.hits + excluded.hits,
    downloads = t.downloads + excluded.downloads,
    unique_downloads = t.unique_downloads + excluded.unique_downloads,
    purchases = t.purchases + excluded.purchases,
    day_rows = t.day_rows + excluded.day_rows;
  return null;
end
$$;

-- An update changes figures, never which rows exist: stats_source_months_on_update (0253) stays as it is.

create or replace function stats_source_months_on_delete() returns trigger language plpgsql as $$
begin
  update stats_source_months t set
    hits = t.hits - o.hits,
    downloads = t.downloads - o.downloads,
    unique_downloads = t.unique_downloads - o.unique_downloads,
    purchases = t.purchases - o.purchases,
    day_rows = t.day_rows - o.day_rows
  from (
    select user_id, project, date_trunc('month', day)::date as month, domain, sum(hits) as hits, sum(downloads) as downloads,
           sum(unique_downloads) as unique_downloads, sum(purchases) as purchases, count(*) as day_rows
    from old_rows group by 1, 2, 3, 4
  ) o
  where t.user_id = o.user_id and t.project = o.project and t.month = o.month and t.domain = o.domain;
  return null;
end
$$;

update stats_source_months t set day_rows = c.day_rows
from (
  select user_id, project, date_trunc('month', day)::date as month, domain, count(*) as day_rows
  from ingest_daily_source group by 1, 2, 3, 4
) c
where t.user_id = c.user_id and t.project = c.project and t.month = c.month and t.domain = c.domain;
