-- The sales screen's total (docs/decisions/0215-sales-counted-by-day.md): a partner's known sales counted per UTC
-- day, side (their own file's sale, or one their verified site referred for another partner's file), revenue type,
-- status and sub-ID tag, kept in step with `ingest_sales` by statement-level triggers. Two years of a heavy partner's
-- total then sums a few thousand narrow rows instead of counting every sale.
create table stats_sale_days (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  own boolean not null,
  -- '' where the sale carries none; the screen's filter never asks for ''.
  revenue_type text not null,
  status text not null,
  -- A referred sale counts under "no tag" (the screen's tag filter, decision 0206).
  sub_id text not null,
  sales bigint not null default 0,
  primary key (user_id, project, day, own, revenue_type, status, sub_id)
);

create type stats_sale_part as (
  user_id bigint, project text, day date, own boolean, revenue_type text, status text, sub_id text, sales int
);

-- The parts a sale row counts in, with the sign given: under the file's owner, and under the referring site's owner
-- when that is another partner (the same two sides the screen reads). None while the sale is not known.
create function stats_sale_day_parts(s ingest_sales, sign int) returns setof stats_sale_part language sql immutable as $$
  select side.user_id, s.project, (s.at at time zone 'UTC')::date, side.own, coalesce(s.revenue_type, ''), s.status,
         side.sub_id, sign
  from (values (s.user_id, true, s.sub_id), (s.site_user_id, false, '')) as side(user_id, own, sub_id)
  where s.known and s.at is not null and side.user_id is not null and (side.own or side.user_id <> s.user_id)
$$;

-- A sale row came, changed or went: its old state leaves its day, its new one enters. Ingest writes back every sale
-- a batch touched; a change of what it contributes only (its applied amounts) leaves and enters the same part, and
-- writes nothing.
create function stats_sale_days_on_change() returns trigger language plpgsql as $$
declare
  parts stats_sale_part[];
begin
  if tg_op = 'INSERT' then
    parts := array(select p from new_rows n cross join lateral stats_sale_day_parts(n, 1) p);
  elsif tg_op = 'DELETE' then
    parts := array(select p from old_rows o cross join lateral stats_sale_day_parts(o, -1) p);
  else
    parts := array(
      select p from old_rows o cross join lateral stats_sale_day_parts(o, -1) p
      union all
      select p from new_rows n cross join lateral stats_sale_day_parts(n, 1) p);
  end if;
  insert into stats_sale_days as d (user_id, project, day, own, revenue_type, status, sub_id, sales)
  select p.user_id, p.project, p.day, p.own, p.revenue_type, p.status, p.sub_id, sum(p.sales)
  from unnest(parts) p
  group by 1, 2, 3, 4, 5, 6, 7
  having sum(p.sales) <> 0
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (user_id, project, day, own, revenue_type, status, sub_id) do update set sales = d.sales + excluded.sales;
  return null;
end
$$;

create trigger stats_sale_days_on_insert after insert on ingest_sales
  referencing new table as new_rows for each statement execute function stats_sale_days_on_change();
create trigger stats_sale_days_on_update after update on ingest_sales
  referencing old table as old_rows new table as new_rows for each statement execute function stats_sale_days_on_change();
create trigger stats_sale_days_on_delete after delete on ingest_sales
  referencing old table as old_rows for each statement execute function stats_sale_days_on_change();

-- Whatever the sales already hold.
insert into stats_sale_days (user_id, project, day, own, revenue_type, status, sub_id, sales)
select p.user_id, p.project, p.day, p.own, p.revenue_type, p.status, p.sub_id, sum(p.sales)
from ingest_sales s cross join lateral stats_sale_day_parts(s, 1) p
group by 1, 2, 3, 4, 5, 6, 7;
