/**
 * Backups of the embedded database: online, daily and on demand, kept in the data directory with
 * their retention; restored from the console (read from the backup itself, then put in place while the console
 * restarts the engine: {@link com.courtrush.backup.DatabaseRestores}) or with H2's own tool (docs/backups.md). With an
 * external database, backups are that database's own.
 */
package com.courtrush.backup;
