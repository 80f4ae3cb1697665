-- Rate plans (decision 0140): a partner's free-download settings and custom premium price variations per project.
-- The plan itself and its history are partner_plans (0001_accounts.sql).
--
-- One row per partner and project that has ever saved either; a partner without a row has the defaults (free
-- downloads allowed for every file of any size, both defaults "allowed", no custom price variation). The
-- free-download settings apply only while PPS is in force; the row is kept when the plan changes, so they are
-- there again on a return to PPS. `price_variations` holds ids of the project's list in the product settings
-- (premiumPriceVariations), at most maxCustomPriceVariations of them.
create table partner_plan_settings (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  free_download_mode text not null default 'allow_all' check (free_download_mode in ('allow_all', 'disallow_all', 'individual')),
  new_files_free boolean not null default true,
  inbox_free boolean not null default true,
  -- null: no size cap (unlimited).
  max_free_size_bytes bigint check (max_free_size_bytes is null or max_free_size_bytes > 0),
  price_variations jsonb not null default '[]'::jsonb check (jsonb_typeof(price_variations) = 'array'),
  updated_at timestamptz not null,
  primary key (user_id, project)
);
