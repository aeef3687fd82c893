-- An opening that asks for a booking pass: a student solves a challenge (from the warm-up on) and
-- reserves with the pass it gives. Off by default, so clients and scripts that do not know it keep working.
alter table reserve_session add column booking_pass boolean default false not null;
