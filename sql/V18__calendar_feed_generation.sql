-- A calendar feed ends with the sign-ins a password change, a reset or "end every session" ends (issue 45): it is
-- kept with the account's token generation when it was made, and reads nothing once the generation moved on.
alter table calendar_feed add column token_generation int default 0 not null;
update calendar_feed set token_generation = (select u.token_generation from user_account u where u.id = calendar_feed.user_id);
