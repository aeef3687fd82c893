-- Recurring openings: a standing rule that the engine turns into openings on its own, days_ahead
-- days ahead, on the weekdays it names (ISO numbers, 1 = Monday). court_ids lists the courts, e.g. "1,2,3".
create table opening_rule (
    id                  bigint auto_increment primary key,
    name                varchar(64) not null,
    active              boolean default true not null,
    days_ahead          int default 1 not null,
    weekdays            varchar(7) default '1234567' not null,
    flash_time          time not null,
    flash_days_before   int default 1 not null,
    warmup_lead_minutes int default 5 not null,
    per_user_limit      int default 2 not null,
    court_ids           varchar(512) not null,
    start_time          time not null,
    end_time            time not null,
    duration_minutes    int not null,
    capacity            int default 1 not null,
    price_cents         int,
    create_time         datetime(3) default current_timestamp(3) not null,
    update_time         datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint ck_rule_days_ahead check (days_ahead between 1 and 30),
    constraint ck_rule_flash_before check (flash_days_before between 0 and 30)
);

-- A date on which a rule differs: closed (a holiday), or changed once (a null column: as the rule says).
create table opening_rule_exception (
    id             bigint auto_increment primary key,
    rule_id        bigint not null,
    rule_date      date not null,
    closed         boolean default false not null,
    flash_time     time,
    start_time     time,
    end_time       time,
    capacity       int,
    price_cents    int,
    per_user_limit int,
    note           varchar(255),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_rule_exception unique (rule_id, rule_date),
    constraint fk_rule_exception_rule foreign key (rule_id) references opening_rule (id)
);

-- What a rule did for a date: one row at most per rule and date, written in the same transaction as
-- the opening it made, so two nodes can never both make it (the second one's insert fails).
create table opening_rule_run (
    id          bigint auto_increment primary key,
    rule_id     bigint not null,
    rule_date   date not null,
    session_id  bigint,
    outcome     varchar(16) not null,
    detail      varchar(1024),
    create_time datetime(3) default current_timestamp(3) not null,
    update_time datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_rule_run unique (rule_id, rule_date),
    constraint fk_rule_run_rule foreign key (rule_id) references opening_rule (id),
    constraint ck_rule_run_outcome check (outcome in ('CREATED', 'FAILED'))
);
