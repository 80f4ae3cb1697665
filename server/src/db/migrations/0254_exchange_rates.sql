-- The central banks' USD rates the payouts screen shows (decision 0100): units of the currency per 1 USD as an
-- exact decimal (numeric, never a float), for the day the bank set it (the feed's own date, a UTC calendar day),
-- with the source and the time the cabinet first stored the value. One row per currency and day: fetching the
-- same day again changes nothing; a real feed's row replaces a `demo` placeholder of the same day.
create table exchange_rates (
  currency text not null check (currency in ('RUB', 'UAH')),
  rate_date date not null,
  rate numeric not null check (rate > 0 and scale(rate) <= 10),
  source text not null check (source in ('cbr', 'nbu', 'demo')),
  fetched_at timestamptz not null,
  primary key (currency, rate_date)
);
