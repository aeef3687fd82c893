-- Money that moves (SPEC §19): WeChat Pay APIv3, live, beside the simulated gateway that stays the default.

-- which merchant an order was made at: null for the simulated gateway and the desk; a live order is queried,
-- closed and refunded at its merchant only. The provider's own number for the payment, once paid.
alter table pay_order add column mchid varchar(32);
alter table pay_order add column transaction_id varchar(64);
-- where the student pays a live order (H5, NATIVE, JSAPI): WeChat Pay keeps an order to the way it was first asked
alter table pay_order add column scene varchar(8);
-- what has gone back of this order so far, in cents (partial refunds and a whole one): per order, what was paid
-- = refunded + kept (I6); never more than was paid
alter table pay_order add column refunded_cents int default 0 not null;
update pay_order set refunded_cents = amount_cents where status = 'REFUNDED';
alter table pay_order add constraint ck_pay_refunded check (refunded_cents >= 0 and refunded_cents <= amount_cents);

-- every refund of an order, in part or whole. REFUNDING until the provider says SUCCESS, ABNORMAL (the money
-- could not reach the student: staff act on WeChat Pay's merchant platform) or CLOSED; the simulated gateway and
-- the desk give it back at once (SUCCESS)
create table pay_refund (
    id             bigint auto_increment primary key,
    out_refund_no  varchar(64) not null,
    pay_order_id   bigint not null,
    reservation_id bigint not null,
    amount_cents   int not null,
    whole          boolean not null,
    status         varchar(16) not null,
    reason         varchar(200),
    actor          varchar(100) not null,
    refund_id      varchar(64),
    success_time   datetime(3),
    create_time    datetime(3) default current_timestamp(3) not null,
    update_time    datetime(3) default current_timestamp(3) on update current_timestamp(3) not null,
    constraint uk_pay_refund_no unique (out_refund_no),
    constraint fk_pay_refund_order foreign key (pay_order_id) references pay_order (id),
    constraint ck_pay_refund_amount check (amount_cents > 0),
    constraint ck_pay_refund_status check (status in ('REFUNDING', 'SUCCESS', 'ABNORMAL', 'CLOSED'))
);
create index idx_pay_refund_order on pay_refund (pay_order_id);
create index idx_pay_refund_pending on pay_refund (status, create_time);

-- the live gateway as a manager set it: one row, the merchant's public settings as JSON. The merchant's private
-- key and the APIv3 key are files in the data directory (0600), never in the database, so never in a backup
create table wechat_pay (
    id           int primary key,
    enabled      boolean not null,
    config       varchar(4000) not null,
    update_time  datetime(3) not null
);

-- paying inside WeChat (JSAPI) needs the student's openid at the gym's official account: asked once of WeChat (its
-- OAuth, snsapi_base, no consent screen) and kept; it names the student at that account only
create table wechat_openid (
    user_id      bigint not null,
    app_id       varchar(32) not null,
    openid       varchar(128) not null,
    create_time  datetime(3) not null,
    primary key (user_id, app_id)
);
