package com.courtrush.monitor.api;

import java.util.Map;

/** Bytes the data directory takes (in total and by part) and bytes free on its disk. */
public record DataDirectoryUsage(long usedBytes, Map<String, Long> byPart, long freeBytes) {

    /** Below this much free, the stores stop writing soon after: the staff should know before the next opening. */
    public static final long MIN_FREE_BYTES = 512L * 1024 * 1024;

    /** Whether less than {@link #MIN_FREE_BYTES} is free. */
    public boolean low() {
        return freeBytes < MIN_FREE_BYTES;
    }
}
