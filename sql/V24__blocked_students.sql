-- The students blocked now, read at every opening's warm-up and re-sync (decision 27): by an index, not by reading
-- every student of the campus.
create index idx_user_blocked on user_account (blocked_until);
