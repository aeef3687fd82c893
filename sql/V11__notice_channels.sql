-- Notices beyond the inbox (SPEC §17): by email to students who added and verified an address, and to a
-- staff webhook (a WeCom or DingTalk group robot) for what staff must know. Both channels are off until a
-- manager configures them. Deliveries are an outbox: written in the transaction of their event, sent after
-- commit by a sender with retries, at least once, each with a stable message id a receiver can drop a
-- repeat by.

-- a student's email address, and when they proved it is theirs (only a verified address is written to)
alter table user_account add column email varchar(254);
alter table user_account add column email_verified_time datetime(3);

-- the one code a student was sent to verify an address or to reset their password (its SHA-256 only)
create table email_code (
    user_id       bigint not null,
    purpose       varchar(16) not null,
    email         varchar(254) not null,
    code_hash     char(64) not null,
    expire_time   datetime(3) not null,
    attempts      int default 0 not null,
    create_time   datetime(3) not null,
    primary key (user_id, purpose),
    constraint fk_email_code_user foreign key (user_id) references user_account (id)
);

-- a channel's settings, as a manager set them (EMAIL: the SMTP server; WEBHOOK: the robot's address)
create table notice_channel (
    channel      varchar(16) primary key,
    enabled      boolean not null,
    config       varchar(2000) not null,
    update_time  datetime(3) not null
);

-- a notice's email: its outbox columns (no address: not to be emailed)
alter table notice add column email_to varchar(254);
alter table notice add column email_state varchar(16);
alter table notice add column email_attempts int default 0 not null;
alter table notice add column email_next_time datetime(3);
alter table notice add column email_lease_until datetime(3);
alter table notice add column email_sent_time datetime(3);
alter table notice add column email_error varchar(255);
create index idx_notice_email on notice (email_state, email_next_time);

-- what staff must know, for the webhook: a dead letter, Redis unreachable, an opening sold out
create table staff_alert (
    id            bigint auto_increment primary key,
    message_id    varchar(64) not null,
    kind          varchar(32) not null,
    params        varchar(1000) not null,
    create_time   datetime(3) not null,
    state         varchar(16) not null,
    attempts      int default 0 not null,
    next_time     datetime(3) not null,
    lease_until   datetime(3),
    sent_time     datetime(3),
    error         varchar(255),
    constraint uk_staff_alert_message unique (message_id)
);
create index idx_staff_alert_state on staff_alert (state, next_time);
