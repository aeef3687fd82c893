-- The role a staff member had when an audit entry was recorded (STAFF or MANAGER), so the audit names a manager as
-- one ("m001（管理员）"), as they were then. Null for every other actor and for entries recorded before: those read
-- "staff", as they always have.
alter table audit_log add column actor_role varchar(16);
