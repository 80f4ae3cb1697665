-- The sales screen: a partner's sales newest first walk this index backwards and stop at the page; the count of
-- a range is answered from the index alone (the filters' columns are included).
create index stats_sales_user_at_sale_idx on ingest_sales (user_id, project, at, sale_id) include (known, revenue_type, status);
