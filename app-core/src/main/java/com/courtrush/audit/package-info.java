/** The audit trail: who did what to which record, and when. */
package com.courtrush.audit;
