-- The desk's till (issue 52, SPEC §19): how a desk payment was taken and by whom, a receipt for every payment and
-- refund made at the desk, and the shifts whose money is summed and counted at their close.

-- a DESK order: taken in cash or by card, and by whom (the till sums each staff member's); null for the others
alter table pay_order add column desk_channel varchar(8);
alter table pay_order add column taken_by varchar(100);
create index idx_pay_taken on pay_order (taken_by, paid_time);
create index idx_pay_refund_actor on pay_refund (actor, create_time);

-- a receipt of money taken or given back at the desk, written in the transaction that moved it; its number is the
-- order's (RP) or the refund's (RR), so one movement has one receipt. Never changed once written.
create table desk_receipt (
    id             bigint auto_increment primary key,
    receipt_no     varchar(80) not null,
    kind           varchar(8) not null,
    reservation_id bigint not null,
    out_trade_no   varchar(64) not null,
    out_refund_no  varchar(72),
    channel        varchar(8) not null,
    amount_cents   int not null,
    actor          varchar(100) not null,
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_desk_receipt_no unique (receipt_no),
    constraint ck_desk_receipt_kind check (kind in ('PAYMENT', 'REFUND')),
    constraint ck_desk_receipt_channel check (channel in ('CASH', 'CARD', 'WECHAT')),
    constraint ck_desk_receipt_amount check (amount_cents > 0)
);
create index idx_desk_receipt_actor on desk_receipt (actor, create_time);

-- a shift at a console: from a staff member's sign-in to its close (or the next staff member's sign-in there).
-- open_console is the console while the shift is open and null after: one open shift per console. At the close its
-- sums per channel are kept as the staff member saw them, with the cash counted in the drawer.
create table desk_shift (
    id             bigint auto_increment primary key,
    actor          varchar(100) not null,
    console        varchar(100) not null,
    open_console   varchar(100),
    opened_time    datetime(3) not null,
    closed_time    datetime(3),
    closed_by      varchar(100),
    cash_taken     int,
    cash_back      int,
    card_taken     int,
    card_back      int,
    wechat_taken   int,
    wechat_back    int,
    counted_cash   int,
    receipts       int,
    mismatches     int,
    note           varchar(200),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_desk_shift_open unique (open_console)
);
create index idx_desk_shift_opened on desk_shift (opened_time);
