-- Naming a partner is bounded (issue 45): naming a student already invited or playing changes nothing; a student
-- who declined or was withdrawn may be asked again a few times at most (asks), and a booker sends a bounded
-- number of invitations a day (ask_time: when this row last asked). Each ask is one notice, once.
alter table booking_partner add column asks int default 1 not null;
alter table booking_partner add column ask_time datetime(3);
update booking_partner set ask_time = create_time;
