-- A booking keeps the pay deadline it was given (issue 74): the moment it must be paid by is written when it is won
-- (PAY_TIMEOUT_MINUTE after then), and a later change of the setting moves no existing deadline — before, the
-- deadline was read as create_time + the setting of the moment, and a longer timeout kept a booking waiting past the
-- expiry of its WeChat Pay order, which nobody could pay any more. The slot's start still comes first when sooner.
-- Null on bookings that were never unpaid since (and on rows an older engine writes during an upgrade: read as
-- create_time + the setting, as that engine reads them), so no constraint requires it.
alter table reservation add column pay_by datetime(3);
-- the bookings unpaid now keep the deadline they have today: made + the timeout set now (15 minutes by default)
update reservation set pay_by = timestampadd(minute, coalesce(
        (select cast(c.config_value as integer) from app_config c where c.config_key = 'PAY_TIMEOUT_MINUTE'), 15),
    create_time)
where status = 'PENDING_PAYMENT';
