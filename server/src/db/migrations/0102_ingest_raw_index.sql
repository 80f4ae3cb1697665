-- Reads never scan raw events (rollups serve them) and monthly partitions already narrow by time: the raw table
-- keeps no secondary index, so appending stays close to a plain COPY.
drop index if exists ingest_events_user_at_idx;
