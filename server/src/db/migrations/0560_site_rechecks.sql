-- Verified sites are checked again (decision 0152): when their ownership was last proven, how many re-checks have
-- failed since, and when a site stopped being verified because of them.
alter table partner_sites
  add column proved_at timestamptz,
  add column recheck_failures integer not null default 0 check (recheck_failures >= 0),
  add column lapsed_at timestamptz;
update partner_sites set proved_at = coalesce(verified_at, created_at) where status = 'active';

-- The re-check job's lookup: the active sites, oldest proof first.
create index partner_sites_recheck_idx on partner_sites (proved_at) where status = 'active';
