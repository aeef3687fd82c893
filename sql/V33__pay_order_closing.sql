-- An order whose booking ended is CLOSING until WeChat Pay says it is closed (issue 74): a close that failed is
-- asked again every minute, and a payment found meanwhile is refunded. CLOSED means WeChat Pay said so. Numbered 33
-- with 32 taken by other work: Flyway applies the versions it finds in order, gaps and all.
alter table pay_order drop constraint ck_pay_status;
alter table pay_order add constraint ck_pay_status
    check (status in ('PAYING', 'SUCCESS', 'FAILED', 'CLOSING', 'CLOSED', 'REFUNDED'));
-- the minute's follow-up reads the few CLOSING orders, never the year of the others
create index idx_pay_status on pay_order (status, update_time);
