-- The operator console's payouts queue and partners (decision 0162).

-- Four eyes: a request above the product setting payoutFourEyesMicro is completed only after a second member of
-- staff approved it. One approval per request, by a person (a staff member, never a token); the one who completes
-- it must be someone else (checked by core checkComplete when it is completed).
create table payout_approvals (
  payout_id bigint primary key references payout_requests(id),
  staff_id bigint not null references staff(id),
  approved_at timestamptz not null
);

-- A batch of requests exported together to one payout system's file. The file is not stored: it is made again from
-- the items whenever it is downloaded, so card numbers are never kept decrypted at rest. A request is in at most
-- one open batch at a time (the partial unique index below, kept by the export's transaction).
create table payout_batches (
  id bigint generated always as identity primary key,
  system text not null,
  created_by_kind text not null check (created_by_kind in ('staff', 'token', 'legacy')),
  created_by_id bigint,
  created_by_name text not null,
  created_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'completed')),
  completed_at timestamptz
);
create table payout_batch_items (
  batch_id bigint not null references payout_batches(id),
  payout_id bigint not null references payout_requests(id),
  primary key (batch_id, payout_id)
);
create index payout_batch_items_payout on payout_batch_items (payout_id);

-- A read-only view of the partner's cabinet opened by staff (view-as): the session carries who opened it; the
-- partner API refuses every call but a read on it. Null: the partner's own sign-in.
alter table sessions add column operator_view text;

-- A block by staff (partners.block), beside is_active = false: why and when. The failed-password lock (blocked_at)
-- is another thing, which the partner lifts by e-mail.
alter table users add column operator_block_reason text, add column operator_blocked_at timestamptz;

-- The console's searches: by sign-in address, and the queue by system and status.
create index sessions_ip_idx on sessions (ip);
create index payout_requests_wallet_type_idx on payout_requests (wallet_type, status, created_at);
