/** What staff do with the history kept (SPEC §20): see the last sweep, sweep now (managers). */
package com.courtrush.retention.desk;
