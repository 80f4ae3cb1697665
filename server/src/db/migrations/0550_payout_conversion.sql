-- A payout request to a wallet in roubles or hryvnias keeps the national bank's rate it was quoted at and what the
-- wallet receives in that currency, in minor units (decision 0150). All five are set together, or none.
alter table payout_requests
  add column converted_currency text,
  add column converted_rate numeric,
  add column converted_rate_date date,
  add column converted_rate_source text,
  add column converted_minor bigint;

alter table payout_requests add constraint payout_requests_conversion_whole check (
  (converted_currency is null and converted_rate is null and converted_rate_date is null and converted_rate_source is null and converted_minor is null)
  or (converted_currency in ('RUB', 'UAH') and converted_rate > 0 and converted_rate_date is not null
      and converted_rate_source in ('cbr', 'nbu', 'demo') and converted_minor >= 0)
);
