package com.courtrush.report.desk;

import com.courtrush.core.SheetFormat;
import com.courtrush.report.ReportExports;
import com.courtrush.report.SalesReports;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.SalesReport;
import com.courtrush.reserve.api.CancelReason;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/** What staff do at the console or over HTTP with sales: a period's report, and its export as a file. */
@Component
public class ReportDesk {

    /** The reasons a reservation is counted as cancelled, in the report's order. */
    public static final List<CancelReason> REASONS = SalesReports.REASONS;

    private final SalesReports reports;
    private final ReportExports exports;

    public ReportDesk(SalesReports reports, ReportExports exports) {
        this.reports = reports;
        this.exports = exports;
    }

    /** The report of play dates {@code from} to {@code to}, both included; of one court when {@code courtId} is set. */
    public SalesReport report(LocalDate from, LocalDate to, Long courtId) {
        return reports.report(from, to, courtId);
    }

    /** The export of play dates {@code from} to {@code to}, of one court when {@code courtId} is given. */
    public byte[] export(
            ExportKind kind, SheetFormat format, LocalDate from, LocalDate to, Long courtId, Locale locale) {
        return exports.export(kind, format, from, to, courtId, locale);
    }
}
