-- Deliveries that ended (delivered or given up: next_attempt_at is null) are removed by the hourly housekeeping
-- once created more than POSTBACK_KEEP_DAYS ago (jobs/housekeeping.ts, decision 0123); this index finds them.
create index postback_deliveries_ended_idx on postback_deliveries (created_at) where next_attempt_at is null;
