-- The files screens sorted by one of today's figures read the files without a figure today in file id order, up to
-- the page's end, instead of sorting every file of the partner (docs/decisions/0214-files-by-todays-figure.md).
create index stats_files_id_idx on ingest_files (user_id, project, kind, file_id) where known and deleted_at is null;
