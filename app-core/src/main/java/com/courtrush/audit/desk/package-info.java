/** What the staff console uses of the audit trail. */
package com.courtrush.audit.desk;
