-- Class and team blocks (SPEC §21, issue 82): a court held every week at an hour for a term — a PE class, the
-- badminton team — never on sale. The slots a block covers are made held (off sale, with its label) and shown as held
-- on the desk's board and the students' page; a skipped date frees that week's slot for sale.
-- Only tables and columns added: the version before runs beside it during a rolling upgrade.
create table court_block (
    id           bigint auto_increment primary key,
    court_id     bigint not null,
    weekday      int not null,
    starts       time not null,
    ends         time not null,
    first_day    date not null,
    last_day     date not null,
    label        varchar(100) not null,
    actor        varchar(64) not null,
    slots_held   int default 0 not null,
    cancelled    int default 0 not null,
    refunded     int default 0 not null,
    create_time  datetime(3) not null,
    update_time  datetime(3) not null,
    constraint fk_court_block_court foreign key (court_id) references court (id),
    constraint ck_court_block_weekday check (weekday between 1 and 7),
    constraint ck_court_block_hours check (ends > starts),
    constraint ck_court_block_term check (last_day >= first_day)
);
create index idx_court_block_court on court_block (court_id, last_day);

-- a date a block does not hold (a holiday, a match away): that week's slot is on sale
create table court_block_skip (
    block_id     bigint not null,
    skip_date    date not null,
    actor        varchar(64) not null,
    create_time  datetime(3) not null,
    constraint pk_court_block_skip primary key (block_id, skip_date),
    constraint fk_court_block_skip foreign key (block_id) references court_block (id)
);

-- the block holding a slot (off sale while it does); null for every other slot
alter table time_slot add column block_id bigint;
create index idx_time_slot_block on time_slot (block_id);
