package com.courtrush.reserve.api;

import java.util.List;
import java.util.Map;

/** The reserve queues' last seconds, oldest first, and today's totals by flow. */
public record QueueHistory(List<QueueSecond> seconds, Map<QueueFlow, Long> today) {}
