-- A student's "remind me" on an opening (SPEC §17): a notice (and its email) a few minutes before its flash
-- time, once.
create table opening_reminder (
    user_id      bigint not null,
    session_id   bigint not null,
    create_time  datetime(3) not null,
    sent_time    datetime(3),
    primary key (user_id, session_id),
    constraint fk_opening_reminder_user foreign key (user_id) references user_account (id),
    constraint fk_opening_reminder_session foreign key (session_id) references reserve_session (id)
);
create index idx_opening_reminder_due on opening_reminder (sent_time, session_id);
