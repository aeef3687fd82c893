-- LDAP bind (SPEC §18): a third way for the university's directory to vouch for a person. Its accounts, like those
-- of CAS and OpenID Connect, keep no password; the directory subject is the person's entry DN.
alter table user_account drop constraint ck_user_origin;
alter table user_account add constraint ck_user_origin check (origin in ('LOCAL', 'CAS', 'OIDC', 'LDAP'));
