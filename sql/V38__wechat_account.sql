-- The gym's official account on its own (SPEC §22, issue 79): a gym without a WeChat Pay merchant still signs
-- students in by WeChat and sends them its notifications. One row: the account's AppID and where students reach the
-- engine (the account's web authorization domain). Its AppSecret is a file in the key directory (0600), never in the
-- database. A merchant with its AppSecret on file is the account students pay through, and is used instead.
-- Only a table added: an engine of the version before runs beside it during a rolling upgrade.
create table wechat_account (
    id          int primary key,
    app_id      varchar(32) not null,
    public_url  varchar(300) not null,
    update_time datetime(3) not null
);
