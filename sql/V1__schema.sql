-- CourtRush schema. One file for MySQL 8, MariaDB 10.11 and H2 2.3 (MODE=MySQL).
-- Column options keep the order "default ... on update ... not null": H2 rejects "not null on update".
-- Times are wall-clock times in courtrush.zone, written by the engine. Money is integer cents.

create table court (
    id          bigint auto_increment primary key,
    name        varchar(64) not null,
    active      boolean default true not null,
    -- equals name while the court is active, null once disabled: names are unique among active courts
    active_name varchar(64),
    create_time datetime(3) default current_timestamp(3) not null,
    update_time datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_court_active_name unique (active_name),
    constraint ck_court_active_name check ((active and active_name = name) or (not active and active_name is null))
);

create table reserve_session (
    id                  bigint auto_increment primary key,
    session_date        date not null,
    flash_time          datetime not null,
    warmup_lead_minutes int default 5 not null,
    per_user_limit      int default 2 not null,
    state               varchar(16) default 'SCHEDULED' not null,
    create_time         datetime(3) default current_timestamp(3) not null,
    update_time         datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint ck_session_lead check (warmup_lead_minutes between 0 and 1440),
    constraint ck_session_limit check (per_user_limit between 1 and 100),
    constraint ck_session_state check (state in ('SCHEDULED', 'WARMED', 'OPEN', 'CLOSED'))
);
create index idx_session_date on reserve_session (session_date);
create index idx_session_state_flash on reserve_session (state, flash_time);

create table time_slot (
    id          bigint auto_increment primary key,
    session_id  bigint not null,
    court_id    bigint not null,
    slot_date   date not null,
    start_time  time not null,
    end_time    time not null,
    capacity    int default 1 not null,
    -- G1: active reservations of the slot, moved in the same transaction as the reservation row
    booked      int default 0 not null,
    price_cents int,
    active      boolean default true not null,
    create_time datetime(3) default current_timestamp(3) not null,
    update_time datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint fk_slot_session foreign key (session_id) references reserve_session (id),
    constraint fk_slot_court foreign key (court_id) references court (id),
    constraint ck_slot_times check (end_time > start_time),
    constraint ck_slot_capacity check (capacity between 1 and 1000),
    constraint ck_slot_booked check (booked >= 0 and booked <= capacity),
    constraint ck_slot_price check (price_cents is null or price_cents >= 0)
);
create index idx_slot_session on time_slot (session_id);
create index idx_slot_court_date on time_slot (court_id, slot_date);

create table user_account (
    id            bigint auto_increment primary key,
    student_id    varchar(32) not null,
    display_name  varchar(64) not null,
    password_hash varchar(100) not null,
    role          varchar(16) default 'STUDENT' not null,
    active        boolean default true not null,
    create_time   datetime(3) default current_timestamp(3) not null,
    update_time   datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_user_student_id unique (student_id),
    constraint ck_user_role check (role in ('STUDENT', 'STAFF'))
);

create table reservation (
    id            bigint auto_increment primary key,
    trace_id      varchar(64) not null,
    user_id       bigint not null,
    slot_id       bigint not null,
    session_id    bigint not null,
    status        varchar(24) not null,
    cancel_reason varchar(24),
    note          varchar(255),
    -- G2/G3: equals user_id while the reservation is active, null once cancelled
    holder_id     bigint,
    create_time   datetime(3) default current_timestamp(3) not null,
    update_time   datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_reservation_trace unique (trace_id),
    constraint uk_reservation_slot_holder unique (slot_id, holder_id),
    constraint fk_reservation_user foreign key (user_id) references user_account (id),
    constraint fk_reservation_slot foreign key (slot_id) references time_slot (id),
    constraint ck_reservation_status check (status in ('PENDING', 'PENDING_PAYMENT', 'CONFIRMED', 'CANCELLED')),
    constraint ck_reservation_holder check (
        (status in ('PENDING_PAYMENT', 'CONFIRMED') and holder_id = user_id and cancel_reason is null)
        or (status not in ('PENDING_PAYMENT', 'CONFIRMED') and holder_id is null))
);
create index idx_reservation_user on reservation (user_id);
create index idx_reservation_status_time on reservation (status, create_time);
create index idx_reservation_session_status on reservation (session_id, status);

create table pay_order (
    id             bigint auto_increment primary key,
    out_trade_no   varchar(64) not null,
    reservation_id bigint not null,
    channel        varchar(16) default 'WECHAT' not null,
    amount_cents   int not null,
    status         varchar(16) not null,
    -- G4: equals reservation_id while the order is PAYING, null otherwise
    paying_key     bigint,
    expire_time    datetime(3) not null,
    paid_time      datetime(3),
    refund_time    datetime(3),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_pay_out_trade_no unique (out_trade_no),
    constraint uk_pay_paying unique (paying_key),
    constraint fk_pay_reservation foreign key (reservation_id) references reservation (id),
    constraint ck_pay_amount check (amount_cents >= 0),
    constraint ck_pay_status check (status in ('PAYING', 'SUCCESS', 'FAILED', 'CLOSED', 'REFUNDED')),
    constraint ck_pay_paying check ((status = 'PAYING' and paying_key = reservation_id)
        or (status <> 'PAYING' and paying_key is null))
);
create index idx_pay_reservation on pay_order (reservation_id);

create table app_config (
    id           bigint auto_increment primary key,
    config_key   varchar(64) not null,
    config_value varchar(1024) not null,
    create_time  datetime(3) default current_timestamp(3) not null,
    update_time  datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_app_config_key unique (config_key)
);

create table audit_log (
    id          bigint auto_increment primary key,
    actor       varchar(64) not null,
    action      varchar(48) not null,
    target_type varchar(32) not null,
    target_id   varchar(64) not null,
    detail      varchar(1024),
    create_time datetime(3) default current_timestamp(3) not null,
    update_time datetime(3) default current_timestamp(3) on update current_timestamp(3) not null
);
create index idx_audit_target on audit_log (target_type, target_id);
create index idx_audit_time on audit_log (create_time);

insert into app_config (config_key, config_value) values ('PAY_TIMEOUT_MINUTE', '15');
insert into app_config (config_key, config_value) values ('DEFAULT_PRICE_CENTS', '2000');
