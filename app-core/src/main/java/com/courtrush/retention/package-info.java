/**
 * History kept on purpose (SPEC §20): the sweep that removes, past each kind's retention setting, the notices, the
 * outbox's delivered rows, spent email codes, the audit trail (archived to a dated file first) and the waits of
 * slots long played (their offers rolled up into the daily figures the reports read), a batch at a time, on one node,
 * never around an opening.
 */
package com.courtrush.retention;
