-- The gold status call is kept too (decision 0093): the partner's gold level, coins and month decisions raise the
-- partner's 'money' generation like the ledger, storage and gold days do (function of migration 0530).
create trigger gold_state_generation_insert after insert on gold_state
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger gold_state_generation_update after update on gold_state
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger gold_state_generation_delete after delete on gold_state
  referencing old table as changed for each statement execute function partner_generations_money();
create trigger gold_months_generation_insert after insert on gold_months
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger gold_months_generation_update after update on gold_months
  referencing new table as changed for each statement execute function partner_generations_money();
create trigger gold_months_generation_delete after delete on gold_months
  referencing old table as changed for each statement execute function partner_generations_money();
