-- A student's notices (SPEC §17): what happened to their bookings, in an inbox on the page. A notice is
-- written in the same transaction as the event that causes it, so it is there exactly when the event is:
-- never lost on a crash, never twice (its message id is stable: a kind and the record it is about). Its
-- text is made when it is read, in the reader's language, from its kind and parameters.
create table notice (
    id              bigint auto_increment primary key,
    message_id      varchar(64) not null,
    user_id         bigint not null,
    kind            varchar(32) not null,
    -- the booking it is about, and its slot (an offer is about a slot before it is a booking)
    reservation_id  bigint,
    slot_id         bigint,
    -- the event's own values (a reason, an amount, a deadline), as a JSON object
    params          varchar(1000) not null,
    create_time     datetime(3) not null,
    read_time       datetime(3),
    constraint uk_notice_message unique (message_id),
    constraint fk_notice_user foreign key (user_id) references user_account (id)
);
create index idx_notice_user on notice (user_id, id);
