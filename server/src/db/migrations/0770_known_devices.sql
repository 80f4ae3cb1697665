-- Known devices (decision 0191): a long-lived device cookie holds a random id; only its SHA-256 is stored here, with
-- the account it has signed in to, so a sign-in from a browser this account has not seen can be told to the partner.
create table known_devices (
  id_hash bytea not null,
  user_id bigint not null references users(id) on delete cascade,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  ip text not null default '',
  user_agent text not null default '',
  primary key (user_id, id_hash)
);
create index known_devices_user_seen_idx on known_devices (user_id, last_seen_at);

-- "This was not me" (decision 0191): from then until a password reset completes, the account signs in nowhere and
-- makes no payout request; null when no recovery is under way.
alter table users add column recovery_started_at timestamptz;
