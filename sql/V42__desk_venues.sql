-- The desk per venue (SPEC §21, issue 82): staff belong to one or more venues; their board, check-in, walk-ins, till,
-- shifts and receipts are their venues' only. A staff member of no venue — every one of an installation from before —
-- works every venue's desk, as before; managers see every venue and pick one.
-- Only tables and columns added: the version before runs beside it during a rolling upgrade.
create table staff_venue (
    user_id     bigint not null,
    venue_id    bigint not null,
    create_time datetime(3) not null,
    constraint pk_staff_venue primary key (user_id, venue_id),
    constraint fk_staff_venue_user foreign key (user_id) references user_account (id),
    constraint fk_staff_venue_venue foreign key (venue_id) references venue (id)
);

-- the venue whose desk a shift kept: its staff member's one venue; null for one of several venues, or of all
alter table desk_shift add column venue_id bigint;
