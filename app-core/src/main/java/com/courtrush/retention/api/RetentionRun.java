package com.courtrush.retention.api;

import com.courtrush.core.EngineText;
import java.time.LocalDateTime;
import java.util.Map;

/**
 * One sweep of the history past its retention (SPEC §20): when, how long it took, the rows removed of each kind, the
 * archive file the audit's removed entries went to (null: none removed), whether more is left for the next sweep —
 * or, {@code skipped}, why none was made: {@link #RUSH} (an opening's rush is near), {@link #ELSEWHERE} (another node
 * is sweeping), {@link #FAILED} (the log says why; the next run tries again).
 */
public record RetentionRun(
        LocalDateTime at, long tookMs, Map<String, Long> removed, String archive, boolean more, String skipped) {

    public static final String NOTICES = "NOTICES";
    public static final String OUTBOX = "OUTBOX";
    public static final String EMAIL_CODES = "EMAIL_CODES";
    public static final String AUDIT = "AUDIT";
    public static final String WAITS = "WAITS";

    public static final String RUSH = "RUSH";
    public static final String ELSEWHERE = "ELSEWHERE";
    public static final String FAILED = "FAILED";

    public static RetentionRun skipped(LocalDateTime at, String why) {
        return new RetentionRun(at, 0, Map.of(), null, false, why);
    }

    public long removedInAll() {
        return removed.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The rows removed, kind by kind, the archive file and whether more is left, as the audit keeps it: in words, read
     * in the reader's language (entries recorded before keep their English text).
     */
    public EngineText inWords() {
        return new EngineText(
                "audit.historySwept",
                removedOf(NOTICES),
                removedOf(OUTBOX),
                removedOf(EMAIL_CODES),
                removedOf(AUDIT),
                removedOf(WAITS),
                archive == null ? "" : new EngineText("audit.historySwept.archive", archive),
                more ? new EngineText("audit.historySwept.more") : "");
    }

    private long removedOf(String kind) {
        return removed.getOrDefault(kind, 0L);
    }
}
