-- Named staff accounts: STAFF run the desk, MANAGER also manage staff accounts and settings.
-- Staff and students share user_account, so a staff id can never be a student's id too.
alter table user_account drop constraint ck_user_role;
alter table user_account add constraint ck_user_role check (role in ('STUDENT', 'STAFF', 'MANAGER'));
