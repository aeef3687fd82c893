-- Prices by time and by who books (SPEC §21, issue 82). A booking category, apart from the account's role: STUDENT
-- (every account so far) or FACULTY (the university's own staff); from the campus directory, the student import or
-- the console. Each venue admits some categories; a price band sets what a slot of a venue (of one sport, or any)
-- costs a category when it starts within [starts, ends) on the days named — the most specific band wins, and a slot
-- no band covers costs its own price (the gym's default price without one), as before.
-- A booking keeps the price it was granted at (null on a row an engine of the version before wrote: its slot's).
-- Only tables and columns with defaults added: the version before runs beside it during a rolling upgrade.
alter table user_account add column category varchar(16) default 'STUDENT' not null;
alter table user_account add constraint ck_user_category check (category in ('STUDENT', 'FACULTY'));

alter table venue add column categories varchar(64) default 'STUDENT,FACULTY' not null;

create table price_band (
    id          bigint auto_increment primary key,
    venue_id    bigint not null,
    sport       varchar(32),
    category    varchar(16) not null,
    days        varchar(8) default 'ALL' not null,
    starts      time not null,
    ends        time not null,
    price_cents int not null,
    update_time datetime(3) not null,
    constraint fk_price_venue foreign key (venue_id) references venue (id),
    constraint fk_price_sport foreign key (sport) references sport (code),
    constraint ck_price_category check (category in ('STUDENT', 'FACULTY')),
    constraint ck_price_days check (days in ('ALL', 'WEEKDAY', 'WEEKEND')),
    constraint ck_price_band check (ends > starts),
    constraint ck_price_cents check (price_cents between 0 and 10000000)
);
create index idx_price_venue on price_band (venue_id);

alter table reservation add column price_cents int;
