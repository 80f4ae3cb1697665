-- The console's Content section (docs/operator.md): news and notifications published at a time of the operator's
-- choosing (a future time keeps an item scheduled, invisible to partners until then), edited, and withdrawn
-- (hidden from partners from then on). A notification's publish time is `published_at`; `created_at` stays the
-- moment it was written.
alter table news add column withdrawn_at timestamptz;
alter table news add column created_at timestamptz;
alter table news add column updated_at timestamptz;
update news set created_at = published_at;
alter table news alter column created_at set not null;

alter table notifications add column published_at timestamptz;
alter table notifications add column withdrawn_at timestamptz;
alter table notifications add column updated_at timestamptz;
update notifications set published_at = created_at;
alter table notifications alter column published_at set not null;

create index news_published_idx on news (published_at);
create index notifications_published_idx on notifications (user_id, published_at);
