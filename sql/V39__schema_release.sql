-- Which releases have run on this schema (SPEC §23, issue 80), written by each engine as it starts: a release runs
-- on its own schema and on the next release's when that one only added (expand first, contract a release later).
-- oldest_schema: the oldest schema whose engine may still run on this one — the newest migration of this release
-- that removed or changed what an older engine uses (a script that begins "-- contract"), 0 when none did.
-- Only a table added: an engine of the version before runs beside it during a rolling upgrade.
create table schema_release (
    release_version varchar(32) primary key,
    schema_version  int not null,
    oldest_schema   int not null,
    first_start     datetime(3) not null,
    last_start      datetime(3) not null
);
