-- Partners, their programmes in each project, sessions, one-time tokens, mail outbox and spent captchas.
create table users (
  id bigint generated always as identity primary key,
  email text not null,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  contact text not null default '',
  lang text not null default 'en',
  newsletter boolean not null default false,
  is_active boolean not null default true,
  confirmed_at timestamptz,
  blocked_at timestamptz,
  failed_logins integer not null default 0,
  login_limit_enabled boolean not null default true,
  captcha_enabled boolean not null default true,
  security_code_hash text,
  security_code_changed_at timestamptz,
  security_code_frozen_until timestamptz,
  password_changed_at timestamptz,
  -- The partner who invited this one (two-level referrals).
  referred_by bigint references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (email);

create sequence app_user_id_seq start with 100001;

create table partner_programs (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  app_user_id bigint not null default nextval('app_user_id_seq'),
  activated_at timestamptz not null default now(),
  primary key (user_id, project)
);
create unique index partner_programs_app_user_key on partner_programs (project, app_user_id);

create table sessions (
  id_hash bytea primary key,
  user_id bigint not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text not null default '',
  user_agent text not null default ''
);
create index sessions_user_idx on sessions (user_id);

create table one_time_tokens (
  hash bytea primary key,
  user_id bigint not null references users(id) on delete cascade,
  kind text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  payload jsonb not null default '{}'::jsonb
);
create index one_time_tokens_user_idx on one_time_tokens (user_id, kind);

create table mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  kind text not null,
  lang text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);

create table spent_captchas (
  signature text primary key,
  expires_at timestamptz not null
);

-- The rate plan of a partner in a project over time: a row per change, effective from its UTC midnight.
create table partner_plans (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  plan text not null check (plan in ('pps', 'mixed', 'ppd')),
  effective_from timestamptz not null,
  chosen_at timestamptz not null default now(),
  primary key (user_id, project, effective_from)
);
