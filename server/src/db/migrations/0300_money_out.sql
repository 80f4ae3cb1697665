-- Wallets (purses) the partner is paid to, and the security check's state per session (decisions 0110, 0111).
--
-- A wallet waits for its e-mailed link (confirmed_at null), then is on hold for the product's wallet hold days,
-- then is active: the state is derived from confirmed_at (core walletState), never flipped by a job. Removal is
-- soft (deleted_at) so payout requests keep pointing at the wallet they went to. `details` holds the system's
-- normalized fields; a card's number only as its last four digits, the whole number encrypted in
-- `secret` (AES-256-GCM, readable only by the operator's payout view). `fingerprint` (a keyed hash of the
-- system and its identifying field) finds a wallet added twice.
create table purses (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  system text not null check (system in ('webmoney', 'paypal', 'card', 'bank_tr', 'usdt_trc20', 'capitalist')),
  details jsonb not null,
  secret text,
  fingerprint text not null,
  created_at timestamptz not null,
  confirmed_at timestamptz,
  main_at timestamptz,
  deleted_at timestamptz
);
create index purses_user_idx on purses (user_id, created_at);
create unique index purses_fingerprint_live on purses (user_id, fingerprint) where deleted_at is null;

-- The security check passed in a session: the code or the account password, and when. A protected call within
-- the next few minutes of a passed check goes through (decision 0111). Failed checks are counted per session.
alter table sessions add column code_checked_at timestamptz;
alter table sessions add column password_checked_at timestamptz;
alter table sessions add column security_failures integer not null default 0;
alter table sessions add column security_failed_at timestamptz;

-- A payout request's e-mails (accepted, rejected) are sent once per status.
alter table payout_request_history add column notified_at timestamptz;
