-- A student's calendar feed (SPEC §17): an iCal address their calendar app reads with a key of its own
-- that reads the feed and nothing else. Only the key's SHA-256 is kept (the address is shown once, when
-- made); making a new one replaces the old, which stops working at once.
create table calendar_feed (
    user_id      bigint primary key,
    key_hash     char(64) not null,
    create_time  datetime(3) default current_timestamp(3) not null,
    read_time    datetime(3),
    constraint uk_calendar_feed_key unique (key_hash),
    constraint fk_calendar_feed_user foreign key (user_id) references user_account (id)
);
