-- The partner's personal key of the read-only webmaster API (/webmaster/v1, decision 0122).
--
-- Only the SHA-256 of the key is stored (the key is 32 random bytes after a recognizable prefix, shown to the
-- partner once); the last four characters are kept for display. A partner has at most one live key: rotating
-- revokes the live one and creates another in one transaction; revoked keys stay as a record and never work again.
create table api_keys (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  key_hash text not null,
  last4 text not null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create unique index api_keys_hash on api_keys (key_hash);
create unique index api_keys_live_per_user on api_keys (user_id) where revoked_at is null;
