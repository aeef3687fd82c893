-- Signing in by WeChat (SPEC §22, issue 79): a browser inside WeChat that comes back from the official account's
-- snsapi_base OAuth with an openid signs in the student bound to it at that account (AppID). The binding is the row
-- paying inside WeChat already keeps, made only after the student's own sign-in; this index finds it by the openid.
-- Only added: an engine of the version before reads and writes beside it during a rolling upgrade.
create index idx_wechat_openid_app_openid on wechat_openid (app_id, openid);
