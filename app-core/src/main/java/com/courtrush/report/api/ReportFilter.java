package com.courtrush.report.api;

/**
 * What part of the sports centre a report covers (SPEC §21): one court, one venue, one sport (everywhere, or in the
 * venue), or the whole centre when nothing is given — within the venues of the asking desk.
 */
public record ReportFilter(Long courtId, Long venueId, String sport) {

    /** The whole centre (the desk's venues). */
    public static final ReportFilter ALL = new ReportFilter(null, null, null);

    public ReportFilter {
        sport = sport == null || sport.isBlank() ? null : sport.strip();
    }

    /** Whether it narrows nothing. */
    public boolean whole() {
        return courtId == null && venueId == null && sport == null;
    }
}
