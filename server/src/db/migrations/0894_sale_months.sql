-- The sales screen's total over long ranges (docs/decisions/0227-sale-months.md): the day table of 0860 summed by
-- month, kept in step with it by statement-level triggers, so that two years are read from 24 months of rows (and
-- the days of the months the range cuts) instead of 731 days of them. Same keys as the day table, the month's first
-- day in place of the day.
create table stats_sale_months (
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  month date not null,
  own boolean not null,
  revenue_type text not null,
  status text not null,
  sub_id text not null,
  sales bigint not null default 0,
  primary key (user_id, project, month, own, revenue_type, status, sub_id)
);

-- Day rows came, changed or went (the sales' triggers insert, or add to, day rows): each month takes the difference.
-- A month whose sales come back to zero keeps its row at zero, which adds nothing.
create function stats_sale_months_on_change() returns trigger language plpgsql as $$
declare
  changes stats_sale_days[];
begin
  -- Each statement names only the transition tables its event has.
  if tg_op = 'INSERT' then
    changes := array(select n::stats_sale_days from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := array(select (o.user_id, o.project, o.day, o.own, o.revenue_type, o.status, o.sub_id, -o.sales)::stats_sale_days from old_rows o);
  else
    changes := array(
      select n::stats_sale_days from new_rows n
      union all
      select (o.user_id, o.project, o.day, o.own, o.revenue_type, o.status, o.sub_id, -o.sales)::stats_sale_days from old_rows o);
  end if;
  insert into stats_sale_months as m (user_id, project, month, own, revenue_type, status, sub_id, sales)
  select c.user_id, c.project, date_trunc('month', c.day::timestamp)::date, c.own, c.revenue_type, c.status, c.sub_id, sum(c.sales)
  from unnest(changes) c
  group by 1, 2, 3, 4, 5, 6, 7
  having sum(c.sales) <> 0
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (user_id, project, month, own, revenue_type, status, sub_id) do update set sales = m.sales + excluded.sales;
  return null;
end
$$;

-- No sale may change its day rows while the month table is filled from them (they are only ever written by the
-- sales' triggers, inside ingest's transactions); the lock ends with this migration's transaction.
lock table stats_sale_days in share mode;

insert into stats_sale_months (user_id, project, month, own, revenue_type, status, sub_id, sales)
select user_id, project, date_trunc('month', day::timestamp)::date, own, revenue_type, status, sub_id, sum(sales)
from stats_sale_days
group by 1, 2, 3, 4, 5, 6, 7;

create trigger stats_sale_months_on_insert after insert on stats_sale_days
  referencing new table as new_rows for each statement execute function stats_sale_months_on_change();
create trigger stats_sale_months_on_update after update on stats_sale_days
  referencing old table as old_rows new table as new_rows for each statement execute function stats_sale_months_on_change();
create trigger stats_sale_months_on_delete after delete on stats_sale_days
  referencing old table as old_rows for each statement execute function stats_sale_months_on_change();
