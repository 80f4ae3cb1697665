-- The id of the sale event that set a sale's facts (ties between two sale events of one sale go by id).
alter table ingest_sales add column sale_event_id text;
