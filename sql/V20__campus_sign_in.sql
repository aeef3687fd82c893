-- Campus sign-in (SPEC §18): students and staff sign in with the university's own account, by CAS 3.0 or
-- OpenID Connect. An account the directory made keeps no password (the engine never sees one); where it came
-- from decides whether the directory's groups may change its role (a gym-made account's role is the gym's).
alter table user_account modify password_hash varchar(100) null;
alter table user_account add column origin varchar(8) default 'LOCAL' not null;
alter table user_account add constraint ck_user_origin check (origin in ('LOCAL', 'CAS', 'OIDC'));
-- who the directory said signed in to this account (CAS: its user; OpenID Connect: issuer and subject), kept at
-- the first campus sign-in: a later one must be the same person, whatever id attribute names the account
alter table user_account add column directory_subject varchar(400);

-- the campus sign-in as a manager set it: one row, its settings as JSON (the client secret among them)
create table campus_sign_in (
    id           int primary key,
    enabled      boolean not null,
    config       varchar(4000) not null,
    update_time  datetime(3) not null
);
