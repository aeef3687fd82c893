/** The console's desk for the notices' channels. */
package com.courtrush.notice.desk;
