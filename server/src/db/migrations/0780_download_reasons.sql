-- Why a download did not count (decision 0200): beside counted_downloads, the daily, country and file rollups keep
-- one counter per reason of core's downloadDecision, so that counted + every reason = downloads in every row.
-- A first download keeps the decision the rollups hold for it (applied_reason), as it keeps applied_counted.
alter table ingest_download_firsts add column applied_reason text not null default 'counted';

alter table ingest_daily
  add column uncounted_refused bigint not null default 0,
  add column uncounted_repeat bigint not null default 0,
  add column uncounted_file_unavailable bigint not null default 0,
  add column uncounted_small_file bigint not null default 0,
  add column uncounted_pps_plan bigint not null default 0,
  add column uncounted_unpaid_group bigint not null default 0;
alter table ingest_daily_country
  add column uncounted_refused bigint not null default 0,
  add column uncounted_repeat bigint not null default 0,
  add column uncounted_file_unavailable bigint not null default 0,
  add column uncounted_small_file bigint not null default 0,
  add column uncounted_pps_plan bigint not null default 0,
  add column uncounted_unpaid_group bigint not null default 0;
alter table ingest_daily_file
  add column uncounted_refused bigint not null default 0,
  add column uncounted_repeat bigint not null default 0,
  add column uncounted_file_unavailable bigint not null default 0,
  add column uncounted_small_file bigint not null default 0,
  add column uncounted_pps_plan bigint not null default 0,
  add column uncounted_unpaid_group bigint not null default 0;

-- What is stored already: every first download decided again by the rule of decision 0200. Before it, a first
-- counted when its file was known and larger than the minimum, whatever its owner, deletion, plan or group; no event
-- carried `refused`. A counted first that earned nothing was on PPS (the plan's row of partner_plans at its time, else
-- the default Mixed) or in a group its plan does not pay.
create temporary table reason_firsts as
select f.project, f.file_id, f.downloader_id, f.day, f.user_id, f.country_group, f.applied_counted, f.applied_earned_micro, f.applied_copy,
  case
    when fi.file_id is null or not fi.known or fi.user_id <> f.user_id or (fi.deleted_at is not null and fi.deleted_at <= f.at) then 'file_unavailable'
    when f.applied_counted = 0 then 'small_file'
    when f.applied_earned_micro > 0 then 'counted'
    when coalesce((select pp.plan from partner_plans pp where pp.user_id = f.user_id and pp.project = f.project and pp.effective_from <= f.at
                   order by pp.effective_from desc limit 1), 'mixed') = 'pps' then 'pps_plan'
    else 'unpaid_group'
  end as reason
from ingest_download_firsts f
left join ingest_files fi on fi.project = f.project and fi.file_id = f.file_id;

-- Every download starts as a repeat; each first turns one of its row's repeats into its decision.
update ingest_daily set uncounted_repeat = downloads where downloads <> 0;
update ingest_daily_country set uncounted_repeat = downloads where downloads <> 0;
update ingest_daily_file set uncounted_repeat = downloads where downloads <> 0;

-- The rollups lose what a first that no longer counts added: its counted download and its earnings.
update ingest_daily t set
  uncounted_repeat = t.uncounted_repeat - a.n,
  uncounted_file_unavailable = a.file_unavailable, uncounted_small_file = a.small_file,
  uncounted_pps_plan = a.pps_plan, uncounted_unpaid_group = a.unpaid_group,
  counted_downloads = t.counted_downloads - a.uncounted,
  download_earned_micro = t.download_earned_micro - a.lost_own,
  copy_download_earned_micro = t.copy_download_earned_micro - a.lost_copy,
  earned_micro = t.earned_micro - a.lost_own - a.lost_copy,
  updated_at = now()
from (
  select user_id, project, day, count(*) as n,
    count(*) filter (where reason = 'file_unavailable') as file_unavailable, count(*) filter (where reason = 'small_file') as small_file,
    count(*) filter (where reason = 'pps_plan') as pps_plan, count(*) filter (where reason = 'unpaid_group') as unpaid_group,
    count(*) filter (where reason <> 'counted' and applied_counted = 1) as uncounted,
    coalesce(sum(applied_earned_micro) filter (where reason <> 'counted' and not applied_copy), 0) as lost_own,
    coalesce(sum(applied_earned_micro) filter (where reason <> 'counted' and applied_copy), 0) as lost_copy
  from reason_firsts group by user_id, project, day
) a
where t.user_id = a.user_id and t.project = a.project and t.day = a.day;

update ingest_daily_country t set
  uncounted_repeat = t.uncounted_repeat - a.n,
  uncounted_file_unavailable = a.file_unavailable, uncounted_small_file = a.small_file,
  uncounted_pps_plan = a.pps_plan, uncounted_unpaid_group = a.unpaid_group,
  counted_downloads = t.counted_downloads - a.uncounted,
  download_earned_micro = t.download_earned_micro - a.lost
from (
  select user_id, project, day, country_group, count(*) as n,
    count(*) filter (where reason = 'file_unavailable') as file_unavailable, count(*) filter (where reason = 'small_file') as small_file,
    count(*) filter (where reason = 'pps_plan') as pps_plan, count(*) filter (where reason = 'unpaid_group') as unpaid_group,
    count(*) filter (where reason <> 'counted' and applied_counted = 1) as uncounted,
    coalesce(sum(applied_earned_micro) filter (where reason <> 'counted'), 0) as lost
  from reason_firsts group by user_id, project, day, country_group
) a
where t.user_id = a.user_id and t.project = a.project and t.day = a.day and t.country_group = a.country_group;

update ingest_daily_file t set
  uncounted_repeat = t.uncounted_repeat - a.n,
  uncounted_file_unavailable = a.file_unavailable, uncounted_small_file = a.small_file,
  uncounted_pps_plan = a.pps_plan, uncounted_unpaid_group = a.unpaid_group,
  counted_downloads = t.counted_downloads - a.uncounted,
  earned_micro = t.earned_micro - a.lost
from (
  select user_id, project, day, file_id, count(*) as n,
    count(*) filter (where reason = 'file_unavailable') as file_unavailable, count(*) filter (where reason = 'small_file') as small_file,
    count(*) filter (where reason = 'pps_plan') as pps_plan, count(*) filter (where reason = 'unpaid_group') as unpaid_group,
    count(*) filter (where reason <> 'counted' and applied_counted = 1) as uncounted,
    coalesce(sum(applied_earned_micro) filter (where reason <> 'counted'), 0) as lost
  from reason_firsts group by user_id, project, day, file_id
) a
where t.user_id = a.user_id and t.project = a.project and t.day = a.day and t.file_id = a.file_id;

-- A day whose earnings moved is closed again (decision 0094): the close books the correction.
insert into dirty_days (user_id, project, day)
select distinct user_id, project, day from reason_firsts where reason <> 'counted' and applied_earned_micro <> 0
on conflict (user_id, project, day) do update set marked_at = now();

update ingest_download_firsts f set
  applied_reason = r.reason,
  applied_counted = case when r.reason = 'counted' then 1 else 0 end,
  applied_earned_micro = case when r.reason = 'counted' then f.applied_earned_micro else 0 end
from reason_firsts r
where f.project = r.project and f.file_id = r.file_id and f.downloader_id = r.downloader_id and f.day = r.day
  and (r.reason <> 'counted' or f.applied_reason <> 'counted');

drop table reason_firsts;
