-- The cooling-off window of new payout requests (decision 0177): after an e-mail change, a password reset, the
-- security code or second factor turned off, or a wallet added, new requests wait until payout_cooling_until; the
-- reason names the change that set that end, for the partner's message.
alter table users add column payout_cooling_until timestamptz;
alter table users add column payout_cooling_reason text;
