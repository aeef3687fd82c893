/**
 * Recurring openings: standing rules (every day at 13:00 open the next day's courts …) that the
 * engine turns into openings on its own, days ahead, catching up at start-up, with closed dates and
 * one-off changes; one opening per rule and date, whichever node gets there first.
 */
package com.courtrush.recurring;
