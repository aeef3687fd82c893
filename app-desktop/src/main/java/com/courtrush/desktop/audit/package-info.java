/** The audit trail at the console: who did what to which record, found by staff, date and action, and exported. */
package com.courtrush.desktop.audit;
