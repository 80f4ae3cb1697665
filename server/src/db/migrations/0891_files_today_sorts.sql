-- The files screens sorted by one of today's figures read a page of today's file rows in the figure's order from an
-- index, instead of reading and sorting every file active today (docs/decisions/0222-file-folders.md). One index per
-- figure a list sorts by; the rows' figures already change their other indexes' entries (the trend index carries the
-- downloads), so ingest's updates were not heap-only before these either.
create index stats_daily_file_downloads_idx on ingest_daily_file (user_id, project, day, downloads, file_id);
create index stats_daily_file_views_idx on ingest_daily_file (user_id, project, day, video_views, file_id);
create index stats_daily_file_earned_idx on ingest_daily_file (user_id, project, day, earned_micro, file_id);
create index stats_daily_file_sales_idx on ingest_daily_file (user_id, project, day, sales, file_id);
