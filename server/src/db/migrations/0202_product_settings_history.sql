-- Every version of the product settings with the moment it takes effect. Ingest prices an event with the
-- version in force at the event's time (docs/decisions/0062-settings-by-event-time.md).
create table product_settings_history (
  id bigint generated always as identity primary key,
  key text not null,
  effective_from timestamptz not null,
  value jsonb not null,
  changed_by text not null default 'seed',
  created_at timestamptz not null default now()
);
create index product_settings_history_key_from on product_settings_history (key, effective_from);

-- Settings already stored before this table existed are in force from the beginning.
insert into product_settings_history (key, effective_from, value, changed_by)
select key, timestamptz '1970-01-01 00:00:00+00', value, updated_by from product_settings;
