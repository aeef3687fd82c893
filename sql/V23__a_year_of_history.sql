-- A year of history (SPEC §20, issue 50): what a student or the desk does reads only its window, never the past.
-- Each index below was chosen with the rows H2's EXPLAIN ANALYZE and MariaDB's ANALYZE count on a generated past
-- (HistoryCostIT, ExternalHistoryCostIT); a query that walks a table of the past fails those tests.

-- A booking's play date, on the booking itself (a slot's date never changes once it is made): a student's bookings of
-- a window — my bookings, the calendar feed, the fair share and its guard — and a day's bookings — the no-show sweep,
-- the desk's lists — are found without reading the student's whole past or every slot's.
alter table reservation add column slot_date date;
update reservation set slot_date = (select s.slot_date from time_slot s where s.id = reservation.slot_id);
alter table reservation modify column slot_date date not null;
create index idx_reservation_user_date on reservation (user_id, slot_date);
create index idx_reservation_date_status on reservation (slot_date, status);
-- the no-show sweep's bookings: paid and not checked in, by play date — the few waiting to be played, not (through
-- the old index on the check-in time alone) every cancelled booking ever made
create index idx_reservation_unchecked on reservation (status, checked_in_time, slot_date);
drop index idx_reservation_checked_in on reservation;
-- staff's list by status, newest first; the payment sweeps' unpaid bookings (they were by status and time)
create index idx_reservation_status_id on reservation (status, id);
drop index idx_reservation_status_time on reservation;

-- the students' list, by student id, a page at a time (a campus has tens of thousands)
create index idx_user_role_student on user_account (role, student_id);

-- the unread badge counts a student's unread notices, not all their notices
create index idx_notice_unread on notice (user_id, read_time);

-- the waitlist's sweeps read the live waits and offers, not every wait ever made
create index idx_waitlist_status on waitlist_entry (status, offer_expires);

-- a booking's refunds (its details, the reports)
create index idx_pay_refund_reservation on pay_refund (reservation_id);

-- the audit trail by actor or action, newest first, a page at a time
create index idx_audit_actor_id on audit_log (actor, id);
drop index idx_audit_actor on audit_log;
create index idx_audit_action_id on audit_log (action, id);
drop index idx_audit_action on audit_log;

-- the audit's filter choices — its actions, and its actors other than students — noted as entries are written: a
-- list of them from the trail itself read every entry of years (H2 steps over an index's equal keys one by one)
create table audit_choice (
    id          bigint auto_increment primary key,
    kind        varchar(8) not null,
    choice      varchar(64) not null,
    create_time datetime(3) default current_timestamp(3) not null,
    update_time datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_audit_choice unique (kind, choice),
    constraint ck_audit_choice_kind check (kind in ('ACTION', 'ACTOR'))
);
insert into audit_choice (kind, choice) select distinct 'ACTION', action from audit_log;
insert into audit_choice (kind, choice) select distinct 'ACTOR', actor from audit_log where actor not like 'student:%';

-- History kept on purpose (SPEC §20): waits and offers go some days after their slot is played; what the reports
-- count of them — the offers taken, declined and expired, by play date and court — is kept here first, in the same
-- transaction, so that a report of a past month stays exact.
create table waitlist_offer_day (
    id          bigint auto_increment primary key,
    slot_date   date not null,
    court_id    bigint not null,
    status      varchar(16) not null,
    offers      int not null,
    create_time datetime(3) default current_timestamp(3) not null,
    update_time datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_waitlist_offer_day unique (slot_date, court_id, status),
    constraint ck_waitlist_offer_day_status check (status in ('TAKEN', 'DECLINED', 'EXPIRED'))
);
