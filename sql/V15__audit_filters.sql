-- The console's Audit screen and GET /admin/audit filter the trail by who and by action, and offer the
-- actions and staff it holds as choices: each by an index, not a scan of a table that grows with every booking.
create index idx_audit_action on audit_log (action);
create index idx_audit_actor on audit_log (actor);
