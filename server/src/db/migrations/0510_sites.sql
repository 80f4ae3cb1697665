-- Site referrals (decision 0141): partner_sites (0100) grows what the sites page needs. The engine keeps reading
-- it as before: a sale's site_domain earns the bonus for the partner whose site with that domain is `active`.

-- Domains are kept in canonical form (lower-case, punycode, without www.); checks fetch from `origin`
-- (null: https://<domain>, as for rows written by the engine's tests and tools that know only the domain).
update partner_sites set domain = lower(domain) where domain <> lower(domain);
alter table partner_sites
  add column origin text,
  add column verified_at timestamptz,
  add column verified_by text check (verified_by in ('file', 'meta')),
  add column checked_at timestamptz,
  add column check_error text,
  add column check_status integer,
  add column deleted_at timestamptz;
update partner_sites set verified_at = created_at where status in ('active', 'banned') and verified_at is null;

-- One domain is active for one partner at most, per project (the engine's min(user_id) never has to choose;
-- the index also serves its lookup by lower(domain)).
-- Rows from before keep the engine's choice: the lowest partner id stays active.
update partner_sites s set status = 'not_verified'
where s.status = 'active' and exists (
  select 1 from partner_sites o
  where o.project = s.project and o.domain = s.domain and o.status = 'active' and (o.user_id, o.id) < (s.user_id, s.id));
create unique index partner_sites_active_domain on partner_sites (project, lower(domain)) where status = 'active';

-- A partner lists a domain once per project (a deleted site may be added again).
update partner_sites s set status = 'deleted', deleted_at = now()
where s.status <> 'deleted' and exists (
  select 1 from partner_sites o
  where o.user_id = s.user_id and o.project = s.project and o.domain = s.domain and o.status <> 'deleted'
    and (case o.status when 'banned' then 0 when 'active' then 1 else 2 end, o.id)
      < (case s.status when 'banned' then 0 when 'active' then 1 else 2 end, s.id));
create unique index partner_sites_user_domain on partner_sites (user_id, project, lower(domain)) where status <> 'deleted';

-- The partner's verification token: one per partner, the same for every site (the file and the tag carry it).
create table partner_site_tokens (
  user_id bigint primary key references users(id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now()
);

-- The list's figures: visits and purchases from a domain over every partner's files (the monthly sources rollup,
-- kept by triggers), and the bonus a partner's sites earned (sales that name a site owner).
create index stats_source_months_domain_idx on stats_source_months (project, domain);
create index ingest_sales_site_user_idx on ingest_sales (site_user_id, project, at) where site_user_id is not null;
