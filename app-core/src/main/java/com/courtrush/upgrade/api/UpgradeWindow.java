package com.courtrush.upgrade.api;

import java.time.LocalDateTime;

/**
 * An upgrade announced on this node: since when the students are told "maintenance", and the time they are told it is
 * back (the gym's wall time); {@code node} names the node it was announced on.
 */
public record UpgradeWindow(String node, LocalDateTime since, LocalDateTime until) {}
