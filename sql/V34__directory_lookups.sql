-- Issue 75: the campus directory is asked again about the people it vouched for, and obeyed. When it last answered
-- for an account (a sign-in through it, or a lookup with the LDAP service account), and since when it no longer lets
-- the person in (its rules refuse them, or it knows them no more): their tokens ended then, their paid bookings stand,
-- and staff see the list. A later sign-in the directory allows clears it.
alter table user_account add column directory_checked_time datetime(3) null;
alter table user_account add column directory_left_time datetime(3) null;
-- the minute's lookups read the few accounts due, never every student
create index idx_user_directory_check on user_account (origin, directory_checked_time);
