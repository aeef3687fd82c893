-- Sign-outs, disabled accounts and password changes hold across restarts and on every node,
-- whatever Redis keeps: they are rows in the database, which every node reads each second.

-- A token carries the generation of its account when it was issued; ending every token of an
-- account (password changed or reset, account disabled) moves the generation on.
alter table user_account add column token_generation int default 0 not null;

-- What ended, in order: one token (token_id), or every token of user_id issued before its current
-- generation (token_id null). A row can go once every token it ends would have expired anyway.
create table token_revocation (
    id          bigint auto_increment primary key,
    user_id     bigint not null,
    token_id    varchar(64),
    expires_at  datetime(3) not null,
    create_time datetime(3) default current_timestamp(3) not null
);
create index ix_token_revocation_expires on token_revocation (expires_at);
create index ix_token_revocation_created on token_revocation (create_time);
create index ix_token_revocation_user on token_revocation (user_id);
