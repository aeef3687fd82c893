/**
 * The reserve engine's numbers: the opening's rush series (all nodes), the queue series and this node's
 * Micrometer meters ({@link com.courtrush.reserve.statistics.ReserveMetrics}), read by the dashboards.
 */
package com.courtrush.reserve.statistics;
