-- The get-started banner (decision 0135): when the partner dismissed it on the dashboard. Null: not dismissed,
-- so it shows while a step is still open. Set once; the banner never comes back after that.
alter table users add column start_banner_dismissed_at timestamptz;
