-- A calendar feed ends when its student's password changes (issue 45): a password change or reset ends every
-- sign-in, and the feed with them. The feed keeps a stamp of the password it was made under (SHA-256 over the
-- account's password hash, never the hash itself); a feed made before this has none and takes the current one the
-- next time it is read.
alter table calendar_feed add column password_stamp char(64);
