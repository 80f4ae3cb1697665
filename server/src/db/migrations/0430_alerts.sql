-- E-mail alerts (decision 0124): what each partner wants to be mailed about, and what was already mailed.
--
-- One row per partner who has ever saved the alert settings; a partner without a row has the defaults (sale,
-- payout status and weekly summary off: they are opt-in; wallet changes and payout decisions are always mailed).
-- `lang` null: the alert mails follow the partner's interface language. `sale_since` is the sale alerts' cursor:
-- sales whose event time is earlier were never alerted (set when sale alerts are switched on, so switching them on
-- never mails old sales).
create table alert_settings (
  user_id bigint primary key,
  sale boolean not null default false,
  payout_status boolean not null default false,
  weekly_summary boolean not null default false,
  lang text,
  sale_since timestamptz,
  updated_at timestamptz not null
);

-- One row per weekly summary claimed (the week's Monday, UTC): the job mails a (partner, week) at most once.
create table alert_weekly_sent (
  user_id bigint not null,
  week date not null,
  sent_at timestamptz not null,
  primary key (user_id, week)
);

-- One row per sale already alerted (a sale is alerted once, however often its events arrive); rows older than the
-- alert window are pruned by the job.
create table alert_sales_sent (
  project text not null,
  sale_id text not null,
  user_id bigint not null,
  sale_at timestamptz not null,
  sent_at timestamptz not null,
  primary key (project, sale_id)
);
create index alert_sales_sent_at_idx on alert_sales_sent (sale_at);
