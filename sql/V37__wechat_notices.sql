-- WeChat subscribe notifications (SPEC §22, issue 79): the notices a student gets also go as the gym's official
-- account's subscribe notifications (订阅通知), to a student bound to that account who agreed in the page.
-- Only tables added: an engine of the version before reads and writes beside them during a rolling upgrade.

-- a manager's templates: the notice kind, the template chosen in the account's console and its fields, each keyword
-- filled from one of the notice's values (JSON: {"thing1": "COURT", "time2": "TIME"})
create table wechat_template (
    kind          varchar(32) primary key,
    template_id   varchar(64) not null,
    fields        varchar(2000) not null,
    update_time   datetime(3) not null
);

-- a student's consents, as the open tag told the page: WeChat takes one notification of the template per consent
create table wechat_consent (
    user_id       bigint not null,
    template_id   varchar(64) not null,
    granted       int not null,
    update_time   datetime(3) not null,
    primary key (user_id, template_id)
);

-- the kinds of notice a student does not want in WeChat (the inbox and email still carry them)
create table wechat_mute (
    user_id       bigint not null,
    kind          varchar(32) not null,
    primary key (user_id, kind)
);

-- the outbox: one row per notice sent to WeChat (written in the notice's own transaction), its tries, its end
create table wechat_delivery (
    id             bigint auto_increment primary key,
    notice_id      bigint not null,
    user_id        bigint not null,
    kind           varchar(32) not null,
    app_id         varchar(32) not null,
    openid         varchar(128) not null,
    template_id    varchar(64) not null,
    state          varchar(16) not null,
    consent_taken  boolean not null default false,
    attempts       int not null default 0,
    next_time      datetime(3) not null,
    retry_from     datetime(3),
    lease_until    datetime(3),
    error          varchar(300),
    msg_id         varchar(32),
    create_time    datetime(3) not null,
    sent_time      datetime(3),
    constraint uk_wechat_delivery_notice unique (notice_id)
);
create index idx_wechat_delivery_due on wechat_delivery (state, next_time);
create index idx_wechat_delivery_user on wechat_delivery (user_id, id);
