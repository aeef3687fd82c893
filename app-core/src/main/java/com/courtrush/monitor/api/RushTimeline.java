package com.courtrush.monitor.api;

import java.util.List;

/**
 * An opening's rush second by second, all nodes together, and its summary.
 *
 * @param opensAtMs epoch ms of the opening's flash time, the charts' zero
 */
public record RushTimeline(long sessionId, long opensAtMs, List<RushSecond> seconds, RushSummary summary) {}
