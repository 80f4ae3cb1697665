-- The programme's staff in the operator console (decision 0160): accounts with a password and a mandatory
-- authenticator (TOTP), their recovery codes and sessions, named API tokens with a role, the sign-in failures
-- the lockout counts, and the append-only audit log that replaces operator_actions.

-- A member of staff. The e-mail is unique whatever its case. The authenticator's secret is kept encrypted
-- (AES-256-GCM, key derived from SESSION_SECRET; lib/sealed.ts); totp_confirmed_at is null until the member
-- confirmed it with a first code (and again after an administrator reset it). totp_last_step is the time step of
-- the last accepted code: a code is accepted once.
create table staff (
  id bigint generated always as identity primary key,
  email text not null,
  name text not null,
  role text not null check (role in ('admin', 'finance', 'support', 'content')),
  lang text,
  password_hash text not null,
  totp_secret text,
  totp_confirmed_at timestamptz,
  totp_last_step bigint,
  disabled_at timestamptz,
  created_at timestamptz not null,
  created_by text not null
);
create unique index staff_email_key on staff (lower(email));

-- Ten one-time recovery codes per confirmed authenticator; only their SHA-256 is kept.
create table staff_recovery_codes (
  id bigint generated always as identity primary key,
  staff_id bigint not null references staff(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz
);
create index staff_recovery_codes_staff on staff_recovery_codes (staff_id);

-- A console session: the cookie holds 32 random bytes, the table their SHA-256. stage 'password_ok' after the
-- password (waiting for the code or the authenticator's setup), 'full' after it. Ended sessions stay as a record.
create table staff_sessions (
  id bigint generated always as identity primary key,
  token_hash bytea not null unique,
  staff_id bigint not null references staff(id) on delete cascade,
  stage text not null check (stage in ('password_ok', 'full')),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  ended_at timestamptz,
  ip text not null default '',
  user_agent text not null default ''
);
create index staff_sessions_staff on staff_sessions (staff_id) where ended_at is null;

-- Named tokens for automation (`Authorization: Bearer pco_…`), each with a role; only the SHA-256 (hex) is kept.
create table operator_tokens (
  id bigint generated always as identity primary key,
  name text not null,
  role text not null check (role in ('admin', 'finance', 'support', 'content')),
  token_hash text not null unique,
  created_by text not null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- Failed sign-in steps (a wrong password, an unknown e-mail, a wrong code), by the e-mail tried and the address
-- they came from: the lockout counts them over a window, per account and per address, on every process alike.
create table staff_sign_in_failures (
  id bigint generated always as identity primary key,
  email text not null,
  ip text not null,
  at timestamptz not null
);
create index staff_sign_in_failures_email on staff_sign_in_failures (email, at);
create index staff_sign_in_failures_ip on staff_sign_in_failures (ip, at);

-- Who did what, when, to what, with what before and after: every change made through the operator API, written in
-- the change's own transaction. actor_kind: 'staff' (a console session; actor_id is staff.id), 'token' (a named
-- token; actor_id is operator_tokens.id) or 'legacy' (OPERATOR_TOKEN with an X-Operator name; no id).
create table staff_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  actor_kind text not null check (actor_kind in ('staff', 'token', 'legacy')),
  actor_id bigint,
  actor_name text not null,
  role text check (role in ('admin', 'finance', 'support', 'content')),
  action text not null,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  ip text
);
create index staff_audit_at on staff_audit (at, id);
create index staff_audit_actor on staff_audit (actor_kind, actor_id, at);
create index staff_audit_action on staff_audit (action, at);
create index staff_audit_target on staff_audit (target_type, target_id, at);

-- Append-only: a row, once written, is never changed or removed, not even by the application's own account.
create function staff_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end;
$$;
create trigger staff_audit_no_update_delete before update or delete on staff_audit
  for each row execute function staff_audit_append_only();
create trigger staff_audit_no_truncate before truncate on staff_audit
  for each statement execute function staff_audit_append_only();

-- The operator action log so far becomes the audit log's first rows (actor kind 'legacy', the X-Operator name,
-- the payload as `after`), in its order; the old table goes, so there is one log to read.
insert into staff_audit (at, actor_kind, actor_id, actor_name, role, action, target_type, target_id, before, after, ip)
select at, 'legacy', null, operator, null, action,
  case when target = '' then null when position(':' in target) > 0 then split_part(target, ':', 1) else target end,
  case when position(':' in target) > 0 then substr(target, position(':' in target) + 1) else null end,
  null, payload, null
from operator_actions
order by id;
drop table operator_actions;
