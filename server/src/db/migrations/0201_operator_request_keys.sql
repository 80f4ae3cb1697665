-- Additional income may carry the operator's Idempotency-Key: a retried request adds nothing new.
alter table additional_income add column request_key text;
create unique index additional_income_request_key on additional_income (request_key);
