-- Revenue by who books (SPEC §21, issue 82): a booking keeps the category it was granted as, beside the price that
-- category paid, so a report counts it so whatever the account books as later. Null on a row an engine of the version
-- before wrote (reports read the account's category then).
-- Only a column added: the version before runs beside it during a rolling upgrade.
alter table reservation add column category varchar(16);
