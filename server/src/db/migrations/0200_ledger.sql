-- The money engine's write side: product settings, the immutable earnings ledger, payout requests, gold,
-- storage, referral commissions, additional income, close bookkeeping, operator log, news and notifications.
-- docs/decisions/0050-ledger.md explains the shapes.

-- Product settings (the numbers of docs/product.md). One row per key; 'product' holds DEFAULT_PRODUCT (seeded on first read).
create table product_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by text not null default 'seed'
);

-- Every earning, correction, reversal and payout: append-only. Balance = sum(amount_micro).
-- source: files (downloads and own-file sales), file_copies, video, sites (site-referral bonus), referrals,
-- additional, gold_bonus, payout. bucket: downloads (available at once), sales (held until available_at), other.
create table ledger_entries (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  project text check (project in ('fd1', 'fd2')),
  day date not null,
  source text not null check (source in ('files', 'file_copies', 'video', 'sites', 'referrals', 'additional', 'gold_bonus', 'payout')),
  bucket text not null check (bucket in ('downloads', 'sales', 'other')),
  kind text not null check (kind in ('earning', 'correction', 'additional', 'payout', 'payout_reversal')),
  amount_micro bigint not null,
  available_at timestamptz not null,
  idempotency_key text not null,
  ref_id bigint,
  note text not null default '',
  created_at timestamptz not null default now()
);
create unique index ledger_entries_idem_key on ledger_entries (user_id, idempotency_key);
create index ledger_entries_user_day_idx on ledger_entries (user_id, project, day);
create index ledger_entries_available_idx on ledger_entries (user_id, available_at);

create function ledger_entries_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are immutable: write a correction entry instead';
end
$$;
create trigger ledger_entries_no_change before update or delete on ledger_entries
  for each row execute function ledger_entries_immutable();

-- Day and month closes: one row per closed date; per partner-day rows tell which dirty marks were handled.
create table day_closes (
  day date primary key,
  first_closed_at timestamptz not null,
  last_closed_at timestamptz not null,
  runs integer not null default 1
);
create table month_closes (
  month date primary key,
  closed_at timestamptz not null
);
create table closed_partner_days (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  closed_at timestamptz not null,
  primary key (user_id, project, day)
);

-- Payout requests (state; the money side is in ledger_entries as payout / payout_reversal).
create table payout_requests (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  amount_micro bigint not null check (amount_micro > 0),
  fee_micro bigint not null default 0 check (fee_micro >= 0),
  wallet_type text not null default '',
  payment_details text not null,
  wallet_id bigint,
  status text not null default 'created' check (status in ('created', 'review', 'process', 'accepted', 'rejected', 'deleted')),
  status_reason text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payout_requests_user_idx on payout_requests (user_id, created_at);
create index payout_requests_status_idx on payout_requests (status, created_at);

create table payout_request_history (
  id bigint generated always as identity primary key,
  request_id bigint not null references payout_requests(id),
  user_id bigint not null references users(id),
  from_status text,
  to_status text not null,
  reason text not null default '',
  actor text not null,
  at timestamptz not null
);
create index payout_request_history_request_idx on payout_request_history (request_id, id);

-- Gold partners: the current state, each closed day's coin figures and each month end's level decision.
create table gold_state (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  level smallint not null default 0 check (level between 0 and 6),
  coins integer not null default 0 check (coins >= 0),
  coins_day date,
  level_month date,
  updated_at timestamptz not null default now(),
  primary key (user_id, project)
);
create table gold_days (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  level smallint not null,
  downloads integer not null,
  downloads_avg_72h_x3 integer not null,
  sales integer not null,
  sales_avg_72h_x3 integer not null,
  efficiency_30d_micro bigint not null,
  coins_delta smallint not null,
  coins integer not null check (coins >= 0),
  primary key (user_id, project, day)
);
create table gold_months (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  month date not null,
  level_before smallint not null,
  level_after smallint not null,
  coins integer not null,
  efficiency_micro bigint not null,
  reason text not null,
  primary key (user_id, project, month)
);

-- Storage: each closed day's stored bytes and their cost; unlimited-status periods (auto and trial).
create table storage_days (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  bytes bigint not null,
  cost_micro bigint not null,
  primary key (user_id, project, day)
);
create table unlimited_periods (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  kind text not null check (kind in ('auto', 'trial')),
  starts_on date not null,
  ends_on date not null check (ends_on > starts_on),
  months smallint not null,
  created_at timestamptz not null default now()
);
create index unlimited_periods_user_idx on unlimited_periods (user_id, project, starts_on);
create unique index unlimited_periods_auto_key on unlimited_periods (user_id, project, kind, starts_on);

-- Referral commissions: one row per referrer, invited partner, project, day and bucket (recomputed on re-close;
-- the ledger carries the money).
create table referral_commissions (
  referrer_id bigint not null references users(id) on delete cascade,
  referral_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  bucket text not null check (bucket in ('downloads', 'sales')),
  level smallint not null check (level in (1, 2)),
  base_micro bigint not null,
  rate_bp integer not null,
  amount_micro bigint not null,
  primary key (referrer_id, referral_id, project, day, bucket)
);
create index referral_commissions_referral_idx on referral_commissions (referral_id, day);

-- Additional income added by an operator (the ledger entry references it).
create table additional_income (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  project text not null check (project in ('fd1', 'fd2')),
  day date not null,
  amount_micro bigint not null check (amount_micro <> 0),
  reason text not null,
  operator text not null,
  created_at timestamptz not null
);
create index additional_income_user_idx on additional_income (user_id, project, day);

-- Who did what, when: every operator action.
create table operator_actions (
  id bigint generated always as identity primary key,
  operator text not null,
  action text not null,
  target text not null default '',
  payload jsonb not null default '{}'::jsonb,
  at timestamptz not null
);
create index operator_actions_at_idx on operator_actions (at);

-- News (for every partner) and notifications (one partner, or every partner when user_id is null); a title and
-- body per language; read state per partner.
create table news (
  id bigint generated always as identity primary key,
  project text check (project in ('fd1', 'fd2')),
  published_at timestamptz not null,
  created_by text not null
);
create table news_texts (
  news_id bigint not null references news(id) on delete cascade,
  lang text not null,
  title text not null,
  body text not null,
  primary key (news_id, lang)
);
create table news_reads (
  news_id bigint not null references news(id) on delete cascade,
  user_id bigint not null references users(id) on delete cascade,
  read_at timestamptz not null,
  primary key (user_id, news_id)
);
create table notifications (
  id bigint generated always as identity primary key,
  user_id bigint references users(id) on delete cascade,
  created_at timestamptz not null,
  created_by text not null
);
create index notifications_user_idx on notifications (user_id, created_at);
create table notification_texts (
  notification_id bigint not null references notifications(id) on delete cascade,
  lang text not null,
  title text not null,
  body text not null,
  primary key (notification_id, lang)
);
create table notification_reads (
  notification_id bigint not null references notifications(id) on delete cascade,
  user_id bigint not null references users(id) on delete cascade,
  read_at timestamptz not null,
  primary key (user_id, notification_id)
);
