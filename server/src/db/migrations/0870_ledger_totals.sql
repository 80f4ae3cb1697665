-- A partner's ledger earnings kept as one running total (docs/decisions/0217-ledger-totals-and-live-days.md): the sum
-- of every ledger entry but payouts (source <> 'payout'), the first term of every balance. The ledger is only ever
-- inserted into (0200's trigger refuses updates and deletes), so a statement trigger that adds what each insert
-- wrote keeps the total exact, in the same transaction as the entries. The balance then reads one row instead of
-- summing every entry a partner was ever booked.
-- No reference to users: like partner_generations, the row follows the entries, which already reference the partner.
create table partner_ledger_totals (
  user_id bigint primary key,
  earned_micro bigint not null
);

-- Partners in id order, as partner_generations_money takes them on the same inserts, so two writers of several
-- partners' entries take these rows in one order.
create function partner_ledger_totals_add() returns trigger language plpgsql as $$
begin
  insert into partner_ledger_totals as t (user_id, earned_micro)
  select user_id, sum(amount_micro) from changed where source <> 'payout' group by user_id order by user_id
  on conflict (user_id) do update set earned_micro = t.earned_micro + excluded.earned_micro;
  return null;
end $$;

create trigger ledger_entries_totals after insert on ledger_entries
  referencing new table as changed for each statement execute function partner_ledger_totals_add();

insert into partner_ledger_totals (user_id, earned_micro)
select user_id, sum(amount_micro) from ledger_entries where source <> 'payout' group by user_id;
