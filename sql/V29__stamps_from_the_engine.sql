-- Every stamp in the gym's zone (issue 76): the database no longer stamps a row when it changes. ON UPDATE
-- CURRENT_TIMESTAMP wrote the database session's zone (UTC on most servers) beside the engine's stamps in
-- courtrush.zone; every statement now sets update_time from the engine's clock (StampsFromTheClockTest holds it).
-- The rows stamped so far in the session's zone are moved into the gym's by the next migration (V30, Java: it needs
-- the gym's zone and the session's).
alter table app_config modify column update_time datetime(3) default current_timestamp(3) not null;
alter table audit_choice modify column update_time datetime(3) default current_timestamp(3) not null;
alter table audit_log modify column update_time datetime(3) default current_timestamp(3) not null;
alter table court modify column update_time datetime(3) default current_timestamp(3) not null;
alter table desk_receipt modify column update_time datetime(3) default current_timestamp(3) not null;
alter table desk_shift modify column update_time datetime(3) default current_timestamp(3) not null;
alter table no_show_strike modify column update_time datetime(3) default current_timestamp(3) not null;
alter table opening_rule modify column update_time datetime(3) default current_timestamp(3) not null;
alter table opening_rule_exception modify column update_time datetime(3) default current_timestamp(3) not null;
alter table opening_rule_run modify column update_time datetime(3) default current_timestamp(3) not null;
alter table pay_order modify column update_time datetime(3) default current_timestamp(3) not null;
alter table pay_reconciliation modify column update_time datetime(3) default current_timestamp(3) not null;
alter table pay_refund modify column update_time datetime(3) default current_timestamp(3) not null;
alter table reservation modify column update_time datetime(3) default current_timestamp(3) not null;
alter table reserve_session modify column update_time datetime(3) default current_timestamp(3) not null;
alter table time_slot modify column update_time datetime(3) default current_timestamp(3) not null;
alter table user_account modify column update_time datetime(3) default current_timestamp(3) not null;
alter table waitlist_entry modify column update_time datetime(3) default current_timestamp(3) not null;
alter table waitlist_offer_day modify column update_time datetime(3) default current_timestamp(3) not null;
