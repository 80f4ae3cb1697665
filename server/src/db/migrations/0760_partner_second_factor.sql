-- Partners' second factor (decision 0190): an authenticator (TOTP) with ten recovery codes, passkeys (WebAuthn),
-- the pending step between the password and the second factor at sign-in, and the WebAuthn challenges.

-- The authenticator's base32 secret, sealed with AES-256-GCM (lib/sealed.ts, key derived from SESSION_SECRET,
-- bound to the user id). totp_enabled_at is null while a secret is only being set up (or none is); totp_last_step
-- is the time step of the last accepted code, so a code is accepted once.
alter table users add column totp_secret text;
alter table users add column totp_enabled_at timestamptz;
alter table users add column totp_last_step bigint;

-- Ten one-time recovery codes per authenticator; only their SHA-256 is kept.
create table user_recovery_codes (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null,
  used_at timestamptz
);
create index user_recovery_codes_user on user_recovery_codes (user_id);

-- After a right password, an account with a second factor gets this instead of a session: a random token (its
-- SHA-256 here), good for a few minutes and spent by the step that signs in.
create table sign_in_pending (
  token_hash bytea primary key,
  user_id bigint not null references users(id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sign_in_pending_expires on sign_in_pending (expires_at);

-- A partner's passkeys: the credential id (base64url) and its COSE public key, the signature counter, the
-- transports the browser named, and a name the partner chooses.
create table user_passkeys (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id) on delete cascade,
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  transports jsonb not null default '[]',
  device_type text not null default 'singleDevice',
  backed_up boolean not null default false,
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index user_passkeys_user on user_passkeys (user_id);

-- WebAuthn challenges in the database, so every process agrees: single-use (used_at, set by a conditional update)
-- and short-lived. purpose: 'register' (user_id set), 'sign_in' (password-less, no user), 'second_factor' (the
-- pending sign-in's user).
create table webauthn_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('register', 'sign_in', 'second_factor')),
  user_id bigint references users(id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index webauthn_challenges_expires on webauthn_challenges (expires_at);
