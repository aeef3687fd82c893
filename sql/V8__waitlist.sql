-- The waitlist (SPEC §16): students refused OUT_OF_STOCK wait for a slot's place to come back, and the
-- first who may take it is offered it for a while. Redis decides (the line, the offers, with the stock);
-- this table keeps each student's wait and what became of it: for "my waits", the bound of waits per
-- student, the reports, and to put back an offer Redis lost.
create table waitlist_entry (
    id             bigint auto_increment primary key,
    session_id     bigint not null,
    slot_id        bigint not null,
    user_id        bigint not null,
    -- WAITING, OFFERED, then TAKEN, DECLINED, EXPIRED, LEFT, SKIPPED (passed over: blocked, at the limit,
    -- holding the slot), CLOSED (the slot started)
    status         varchar(16) not null,
    -- equals user_id while WAITING or OFFERED, null after: one live wait per student and slot
    live_user_id   bigint,
    offered_time   datetime(3),
    offer_expires  datetime(3),
    ended_time     datetime(3),
    trace_id       varchar(64),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_waitlist_live unique (slot_id, live_user_id),
    constraint fk_waitlist_slot foreign key (slot_id) references time_slot (id),
    constraint fk_waitlist_user foreign key (user_id) references user_account (id),
    constraint ck_waitlist_live check (
        (status in ('WAITING', 'OFFERED') and live_user_id = user_id)
        or (status not in ('WAITING', 'OFFERED') and live_user_id is null))
);
create index idx_waitlist_live_user on waitlist_entry (live_user_id);
create index idx_waitlist_session_status on waitlist_entry (session_id, status);
