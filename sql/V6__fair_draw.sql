-- An opening with a fair draw: requests in the first draw_window_ms after the gate opens enter a draw
-- (one entry per student) instead of a race; at the window's close the winners are drawn at random.
-- 0 = no draw (first come, first served from the flash time), the default.
alter table reserve_session add column draw_window_ms int default 0 not null;
