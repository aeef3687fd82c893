/**
 * Backups of the embedded database: online, daily and on demand, kept in the data directory with
 * their retention; restored with H2's own tool (docs/backups.md). With an external database, backups are
 * that database's own.
 */
package com.courtrush.backup;
