-- The id of the upload (or copy) event that defines a file: the earliest by (time, id) wins in any arrival order.
alter table ingest_files add column upload_event_id text;
