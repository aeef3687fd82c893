-- Venues and sports (SPEC §21, issue 81): a sports centre's halls, rooms and outdoor courts, each with its courts of
-- one sport. An installation from before is one venue (id 1: named as the gym is named, its names null) of badminton
-- courts; every court and opening belongs to it, so every id and path answers as before. An opening sells the slots
-- of its venue's courts (a rule's openings are its courts' venue's).
-- A sport: its slot length and places per court (what a new day's template starts from), and its fair share (§16):
-- the most bookings a student plays of it on one date and in one week, null for the gym's settings.
-- Only tables and columns with defaults added: an engine of the version before runs beside it during a rolling
-- upgrade (its new courts and openings are the first venue's, badminton).
create table sport (
    code             varchar(32) primary key,
    name_zh          varchar(64) not null,
    name_en          varchar(64) not null,
    slot_minutes     int default 60 not null,
    places_per_court int default 1 not null,
    per_day          int,
    per_week         int,
    update_time      datetime(3) not null,
    constraint ck_sport_minutes check (slot_minutes between 5 and 720),
    constraint ck_sport_places check (places_per_court between 1 and 1000),
    constraint ck_sport_per_day check (per_day is null or per_day between 1 and 20),
    constraint ck_sport_per_week check (per_week is null or per_week between 0 and 100)
);
insert into sport (code, name_zh, name_en, slot_minutes, places_per_court, update_time) values
    ('BADMINTON', '羽毛球', 'Badminton', 60, 1, current_timestamp(3)),
    ('TABLE_TENNIS', '乒乓球', 'Table tennis', 60, 1, current_timestamp(3)),
    ('TENNIS', '网球', 'Tennis', 60, 1, current_timestamp(3)),
    ('BASKETBALL', '篮球', 'Basketball', 60, 1, current_timestamp(3));

create table venue (
    id          bigint auto_increment primary key,
    name_zh     varchar(64),
    name_en     varchar(64),
    location    varchar(200),
    opens       time default '08:00:00' not null,
    closes      time default '22:00:00' not null,
    active      boolean default true not null,
    create_time datetime(3) not null,
    update_time datetime(3) not null,
    constraint ck_venue_hours check (closes > opens)
);
-- the first row of a new table: id 1, which the columns below default to
insert into venue (opens, closes, active, create_time, update_time)
    values ('08:00:00', '22:00:00', true, current_timestamp(3), current_timestamp(3));

alter table court add column venue_id bigint default 1 not null;
alter table court add column sport varchar(32) default 'BADMINTON' not null;
alter table court add constraint fk_court_venue foreign key (venue_id) references venue (id);
alter table court add constraint fk_court_sport foreign key (sport) references sport (code);
create index idx_court_venue on court (venue_id);

alter table reserve_session add column venue_id bigint default 1 not null;
alter table reserve_session add constraint fk_session_venue foreign key (venue_id) references venue (id);
create index idx_session_venue_date on reserve_session (venue_id, session_date);

-- A closure (SPEC §21): a court, a venue, a sport (everywhere, or in one venue) closed for a period — maintenance,
-- exams, an event. What it covers left sale when it was made (the bookings cancelled or refunded with its reason);
-- no slot is made in it afterwards. Lifted early, its end moves to that moment.
create table closure (
    id            bigint auto_increment primary key,
    venue_id      bigint,
    court_id      bigint,
    sport         varchar(32),
    starts        datetime not null,
    ends          datetime not null,
    reason        varchar(200) not null,
    actor         varchar(64) not null,
    slots_closed  int default 0 not null,
    cancelled     int default 0 not null,
    refunded      int default 0 not null,
    create_time   datetime(3) not null,
    update_time   datetime(3) not null,
    constraint fk_closure_venue foreign key (venue_id) references venue (id),
    constraint fk_closure_court foreign key (court_id) references court (id),
    constraint fk_closure_sport foreign key (sport) references sport (code),
    constraint ck_closure_period check (ends > starts),
    constraint ck_closure_scope check (venue_id is not null or court_id is not null or sport is not null)
);
create index idx_closure_ends on closure (ends);
