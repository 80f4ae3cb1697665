-- Postbacks (docs/product.md#postbacks; docs/decisions/0123-postbacks.md): per partner and project an https URL that
-- receives a signed POST for each sale, sale status change and payout status change.

-- The partner's signing secret (one per partner, for every project): HMAC-SHA256 key of the bodies. Kept readable
-- (the server signs with it, the partner copies it from the page); rotating replaces it at once.
create table postback_secrets (
  user_id bigint primary key references users(id) on delete cascade,
  secret text not null,
  created_at timestamptz not null,
  rotated_at timestamptz
);

create table postback_endpoints (
  user_id bigint not null references users(id) on delete cascade,
  project text not null check (project in ('fd1', 'fd2')),
  url text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (user_id, project)
);

-- One row per event and project: `event_key` names the event (the sale event's id, the payout move's history id,
-- a test's random id), so enqueueing the same event again adds nothing. A delivery is pending while
-- next_attempt_at is set; it ends delivered (a 2xx) or given up (24 hours after its first attempt, or its URL
-- removed). The body is built from `data` at each attempt and goes to the project's URL of that moment.
create table postback_deliveries (
  id bigint generated always as identity primary key,
  user_id bigint not null,
  project text not null check (project in ('fd1', 'fd2')),
  event text not null check (event in ('sale', 'sale_status', 'payout_status', 'test')),
  event_key text not null,
  data jsonb not null,
  created_at timestamptz not null,
  attempts integer not null default 0,
  first_attempt_at timestamptz,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  status_code integer,
  error text,
  delivered_at timestamptz,
  given_up_at timestamptz,
  unique (user_id, project, event_key)
);
create index postback_deliveries_due_idx on postback_deliveries (next_attempt_at) where next_attempt_at is not null;
create index postback_deliveries_log_idx on postback_deliveries (user_id, project, id);
