-- A notice's email and a staff alert are tried for a while (courtrush.notices.retry-for, 3 days), no longer a
-- number of times, then given up until staff send them again (issue 45: after 10 tries, 51 minutes, an email was
-- lost without a word). Their tries count from this time, set when staff send them again; null: from create_time.
alter table notice add column email_retry_from datetime(3);
alter table staff_alert add column retry_from datetime(3);
