-- Automatic payouts (decision 0202): a partner's choice of when everything available is requested to the main
-- wallet without asking, and what the last automatic attempt did.
--
-- One row per partner who ever saved the choice; `enabled` false keeps the last attempt, so turning the choice off
-- and on again the same UTC day does not allow a second attempt that day. `last_attempt_day` is claimed by a
-- conditional update before the attempt: several processes never try the same partner twice on one day.
-- `last_refusal` is why the last attempt made no request (null after a request); `last_notified_refusal` the reason
-- the partner was last notified of, so the same reason is not notified twice in a row (cleared after a request).
create table auto_payouts (
  user_id bigint primary key,
  enabled boolean not null,
  mode text not null check (mode in ('threshold', 'weekly', 'monthly')),
  threshold_micro bigint check (threshold_micro > 0),
  weekday smallint check (weekday between 1 and 7),
  month_day smallint check (month_day between 1 and 28),
  updated_at timestamptz not null,
  last_attempt_day date,
  last_attempt_at timestamptz,
  last_request_id bigint,
  last_refusal text,
  last_notified_refusal text,
  check ((mode = 'threshold') = (threshold_micro is not null)),
  check ((mode = 'weekly') = (weekday is not null)),
  check ((mode = 'monthly') = (month_day is not null))
);
create index auto_payouts_enabled_idx on auto_payouts (user_id) where enabled;

-- A request the job made for the partner is marked: the payout history shows it.
alter table payout_requests add column automatic boolean not null default false;
