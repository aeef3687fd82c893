-- The fair share (SPEC §16) reads a student's bookings of a week by play date, at every warm-up and when it
-- guards a booking: an index that finds a week's slots without reading the year's.
create index idx_slot_date on time_slot (slot_date);
