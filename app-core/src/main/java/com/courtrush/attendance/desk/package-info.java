/** The staff console's way into check-in, no-shows and strikes. */
package com.courtrush.attendance.desk;
