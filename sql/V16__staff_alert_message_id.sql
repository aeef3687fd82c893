-- A dead letter's staff alert is named after its trace ("DEAD_LETTER:" and 60 characters): 64 could not hold it,
-- so no dead letter ever reached the staff webhook.
alter table staff_alert modify column message_id varchar(128) not null;
