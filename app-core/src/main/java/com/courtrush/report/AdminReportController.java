package com.courtrush.report;

import com.courtrush.account.api.Caller;
import com.courtrush.core.SheetFormat;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.api.SalesReport;
import com.courtrush.report.desk.ReportDesk;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(
        name = "Admin: reports",
        description = "Sales by play date (a day, a week, up to " + SalesReports.MAX_DAYS
                + " days) and exports for spreadsheets: Excel workbooks (.xlsx) and CSV (UTF-8 with BOM)")
@RestController
@RequestMapping("/admin/reports")
class AdminReportController {

    private final ReportDesk reports;

    AdminReportController(ReportDesk reports) {
        this.reports = reports;
    }

    @Operation(
            summary = "Places offered, sold, paid, cancelled by reason, refunded, unsold; revenue and refunds in "
                    + "yuan; utilisation by court and hour and by hour; by venue and sport (no-shows, net); by booking "
                    + "category — per play date from `from` to `to` (default: `from`), of the whole centre or of "
                    + "`courtId`, `venueId`, `sport`; a desk worker's of their venues only (another's: 403)")
    @GetMapping
    ApiResponse<SalesReport> report(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(
                reports.report(from, to == null ? from : to, new ReportFilter(courtId, venueId, sport), caller));
    }

    @Operation(summary = "The report as CSV (the days, their total, then the utilisation)")
    @GetMapping("/report.csv")
    ResponseEntity<byte[]> reportCsv(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest request) {
        return file(
                ExportKind.REPORT,
                SheetFormat.CSV,
                from,
                to,
                new ReportFilter(courtId, venueId, sport),
                caller,
                request);
    }

    @Operation(summary = "The report as an Excel workbook (the days, their total, then the utilisation)")
    @GetMapping("/report.xlsx")
    ResponseEntity<byte[]> reportXlsx(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest request) {
        return file(
                ExportKind.REPORT,
                SheetFormat.XLSX,
                from,
                to,
                new ReportFilter(courtId, venueId, sport),
                caller,
                request);
    }

    @Operation(summary = "The reservations of the play dates as CSV")
    @GetMapping("/reservations.csv")
    ResponseEntity<byte[]> reservationsCsv(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest request) {
        return file(
                ExportKind.RESERVATIONS,
                SheetFormat.CSV,
                from,
                to,
                new ReportFilter(courtId, venueId, sport),
                caller,
                request);
    }

    @Operation(summary = "The reservations of the play dates as an Excel workbook")
    @GetMapping("/reservations.xlsx")
    ResponseEntity<byte[]> reservationsXlsx(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest request) {
        return file(
                ExportKind.RESERVATIONS,
                SheetFormat.XLSX,
                from,
                to,
                new ReportFilter(courtId, venueId, sport),
                caller,
                request);
    }

    @Operation(summary = "The pay orders of the play dates' reservations as CSV")
    @GetMapping("/pay-orders.csv")
    ResponseEntity<byte[]> payOrdersCsv(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest request) {
        return file(
                ExportKind.PAY_ORDERS,
                SheetFormat.CSV,
                from,
                to,
                new ReportFilter(courtId, venueId, sport),
                caller,
                request);
    }

    @Operation(summary = "The pay orders of the play dates' reservations as an Excel workbook")
    @GetMapping("/pay-orders.xlsx")
    ResponseEntity<byte[]> payOrdersXlsx(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Size(max = 32) String sport,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest request) {
        return file(
                ExportKind.PAY_ORDERS,
                SheetFormat.XLSX,
                from,
                to,
                new ReportFilter(courtId, venueId, sport),
                caller,
                request);
    }

    private ResponseEntity<byte[]> file(
            ExportKind kind,
            SheetFormat format,
            LocalDate from,
            LocalDate to,
            ReportFilter filter,
            Caller caller,
            HttpServletRequest request) {
        LocalDate until = to == null ? from : to;
        byte[] body = reports.export(kind, format, from, until, filter, caller, RequestLocales.of(request));
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(format.mediaType()))
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename(kind.fileName(from, until, format))
                                .build()
                                .toString())
                .body(body);
    }
}
