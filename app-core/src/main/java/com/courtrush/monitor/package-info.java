/** Health of Redis, the broker and the database, and the metrics the dashboards read. */
package com.courtrush.monitor;
