-- Business details (decision 0205): what a partner wants on their payout statements: a name or company, an
-- address, a tax ID and a VAT number, all optional (empty text when not given). One row per partner who saved them.
create table business_details (
  user_id bigint primary key,
  name text not null default '',
  address text not null default '',
  tax_id text not null default '',
  vat_number text not null default '',
  updated_at timestamptz not null
);
