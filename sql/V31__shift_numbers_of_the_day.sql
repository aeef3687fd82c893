-- A shift's number is its place among the day's shifts (issue 76): "the day's second shift" reads 2 whatever the
-- table's identity does. An identity is no count: H2 caches its values (the next after a restore or an unclean
-- stop jumps by the cache), MariaDB's InnoDB may skip after a restart or a rolled-back insert. The day is the
-- opening time's date in the gym's zone; the number is kept with the row and unique in its day.
alter table desk_shift add column shift_day date;
alter table desk_shift add column day_no int;
update desk_shift set shift_day = cast(opened_time as date);
update desk_shift set day_no = (
    select count(*) from (select id, shift_day from desk_shift) earlier
    where earlier.shift_day = desk_shift.shift_day and earlier.id <= desk_shift.id);
alter table desk_shift modify column shift_day date not null;
alter table desk_shift modify column day_no int not null;
alter table desk_shift add constraint uk_desk_shift_day_no unique (shift_day, day_no);
