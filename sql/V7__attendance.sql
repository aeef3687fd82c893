-- After the rush (SPEC §16): check-in at the desk, no-shows and the strikes that block a student.

-- when the desk checked the booking in, and who did; null until then (an undo sets it back to null)
alter table reservation add column checked_in_time datetime(3);
alter table reservation add column checked_in_by varchar(64);

-- a student blocked by no-show strikes may not book, enter a draw or take a waitlist offer until
-- then; recomputed from the strikes on each strike and each forgiveness
alter table user_account add column blocked_until datetime(3);

-- one strike per no-show reservation; a manager may forgive it with a reason
create table no_show_strike (
    id             bigint auto_increment primary key,
    user_id        bigint not null,
    reservation_id bigint not null,
    struck_time    datetime(3) not null,
    forgiven_time  datetime(3),
    forgiven_by    varchar(64),
    forgive_reason varchar(255),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_strike_reservation unique (reservation_id),
    constraint fk_strike_user foreign key (user_id) references user_account (id),
    constraint fk_strike_reservation foreign key (reservation_id) references reservation (id)
);
create index idx_strike_user_time on no_show_strike (user_id, struck_time);
create index idx_reservation_checked_in on reservation (checked_in_time);
