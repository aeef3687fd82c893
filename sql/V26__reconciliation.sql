-- Reconciliation with WeChat Pay's own bills (issue 52, SPEC §19): each run of a bill date, and what it found of
-- each payment and refund — on both sides and equal, only at WeChat Pay, only here, or with amounts that differ.

-- scheduled_date is the bill date of the morning's run (one run per date across nodes), null for one asked by staff
create table pay_reconciliation (
    id             bigint auto_increment primary key,
    bill_date      date not null,
    scheduled_date date,
    actor          varchar(100) not null,
    status         varchar(16) not null,
    matched        int default 0 not null,
    only_there     int default 0 not null,
    only_here      int default 0 not null,
    differs        int default 0 not null,
    detail         varchar(400),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_reconciliation_scheduled unique (scheduled_date),
    constraint ck_reconciliation_status check (status in ('DONE', 'FAILED'))
);
create index idx_reconciliation_date on pay_reconciliation (bill_date, id);

create table pay_reconciliation_item (
    id                bigint auto_increment primary key,
    reconciliation_id bigint not null,
    kind              varchar(8) not null,
    number            varchar(72) not null,
    out_trade_no      varchar(64) not null,
    here_cents        int,
    there_cents       int,
    outcome           varchar(16) not null,
    constraint fk_reconciliation_item foreign key (reconciliation_id) references pay_reconciliation (id),
    constraint ck_reconciliation_item_outcome check (outcome in ('MATCHED', 'ONLY_THERE', 'ONLY_HERE', 'DIFFERS'))
);
create index idx_reconciliation_item on pay_reconciliation_item (reconciliation_id, outcome);

-- a day's payments and refunds, read by their time (the reconciliation reads one day of a year's)
create index idx_pay_paid on pay_order (paid_time);
create index idx_pay_refund_success on pay_refund (success_time);
