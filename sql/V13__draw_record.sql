-- A fair draw anyone can verify (SPEC §13): at warm-up the engine commits to a secret of 128 random bits by
-- publishing its SHA-256; the secret stays hidden until the draw, which orders the entrants by it. After the
-- draw the record is published — the secret, the entries under pseudonyms with their preferences, the places
-- left at the close and the result — from which anyone can re-run the draw (docs/api.md says how).
create table draw_record (
    session_id   bigint primary key,
    secret       char(32) not null,
    commitment   char(64) not null,
    create_time  datetime(3) not null,
    drawn_time   datetime(3),
    publication  longtext,
    constraint fk_draw_record_session foreign key (session_id) references reserve_session (id)
);
