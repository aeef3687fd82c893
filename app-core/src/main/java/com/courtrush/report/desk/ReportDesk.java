package com.courtrush.report.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.core.SheetFormat;
import com.courtrush.report.ReportExports;
import com.courtrush.report.SalesReports;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.api.SalesReport;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.venue.DeskVenues;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with sales: a period's report, and its export as a file — of a court, a
 * venue, a sport or the whole centre, never of another venue's desk (SPEC §21: a desk worker sees their venues' money
 * only; a manager every venue's).
 */
@Component
public class ReportDesk {

    /** The reasons a reservation is counted as cancelled, in the report's order. */
    public static final List<CancelReason> REASONS = SalesReports.REASONS;

    private final SalesReports reports;
    private final ReportExports exports;
    private final DeskVenues desks;

    public ReportDesk(SalesReports reports, ReportExports exports, DeskVenues desks) {
        this.reports = reports;
        this.exports = exports;
        this.desks = desks;
    }

    /** The report of play dates {@code from} to {@code to}, both included, of what {@code filter} names. */
    public SalesReport report(LocalDate from, LocalDate to, ReportFilter filter, Caller caller) {
        return reports.report(from, to, filter, desks.scope(caller));
    }

    /** The export of play dates {@code from} to {@code to}, of what {@code filter} names. */
    public byte[] export(
            ExportKind kind,
            SheetFormat format,
            LocalDate from,
            LocalDate to,
            ReportFilter filter,
            Caller caller,
            Locale locale) {
        return exports.export(kind, format, from, to, filter, desks.scope(caller), locale);
    }
}
