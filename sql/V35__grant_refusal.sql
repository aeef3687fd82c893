-- Why the database refused a grant Redis had made (issue 75): the outcome a student would have been answered had Redis
-- known — SHARE_USED, QUOTA_EXCEEDED, DUP_REQ, OUT_OF_STOCK — kept on the grant's compensation row, so its result
-- tells the student in their words and language what holds them, not "try again". Null on every other row: a place
-- lost on its way (the broker, a dead letter, the reconciler), which the student may try for again. Only added: an
-- engine of the version before reads and writes beside it during a rolling upgrade.
alter table reservation add column refusal varchar(32);
