-- A sale's player type (video sales: the player the buyer came from) and referrer (the page the buyer came
-- from), so the video rollup holds sales and their sum per player type and the sources rollup holds purchases
-- per referring URL.
alter table ingest_sales add column player_type text check (player_type in ('embed', 'on_site', 'full', 'demo'));
alter table ingest_sales add column referrer_domain text not null default '';
alter table ingest_sales add column referrer_url text not null default '';

alter table ingest_daily_video add column sales bigint not null default 0;
alter table ingest_daily_video add column sale_earned_micro bigint not null default 0;

-- Video sales stored so far have no player type: they count on the `all` row only.
insert into ingest_daily_video as t (user_id, project, day, player_type, sales, sale_earned_micro)
select user_id, project, (at at time zone 'UTC')::date, 'all', sum(applied_sales), sum(applied_share_micro)
from ingest_sales
where known and at is not null and applied_bucket = 'video' and (applied_sales <> 0 or applied_share_micro <> 0)
group by 1, 2, 3
order by 1, 2, 3
on conflict (user_id, project, day, player_type) do update set
  sales = t.sales + excluded.sales,
  sale_earned_micro = t.sale_earned_micro + excluded.sale_earned_micro;
