-- Mail is delivered from the outbox (decision 0170): a mail to be sent over SMTP is due at next_attempt_at
-- (null: nothing to send, as in the dev mailbox without SMTP, or sent, or given up); the process sending it holds
-- it until claimed_until, after which another process, or the same one after a restart, takes it over.
alter table mail_outbox add column attempts integer not null default 0;
alter table mail_outbox add column next_attempt_at timestamptz;
alter table mail_outbox add column claimed_until timestamptz;
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where next_attempt_at is not null;
-- An opt-in alert's one-click unsubscribe address, sent again with every attempt.
alter table mail_outbox add column unsubscribe_url text;
