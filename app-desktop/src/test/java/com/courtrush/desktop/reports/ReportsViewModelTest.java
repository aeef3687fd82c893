package com.courtrush.desktop.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.report.api.CategoryFigures;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.HourUse;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.SalesReport;
import com.courtrush.report.api.Utilisation;
import com.courtrush.report.api.VenueSportFigures;
import com.courtrush.report.desk.ReportDesk;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.support.Workbooks;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsViewModelTest {

    static final LocalDate THURSDAY = LocalDate.of(2026, 11, 26);

    final ReportDesk reports = mock(ReportDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller staff = Caller.atDesk(7, "d01", Role.STAFF);
    final ReportsViewModel model =
            new ReportsViewModel(reports, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), staff, THURSDAY);

    @TempDir
    Path folder;

    @Test
    void aWeekRunsFromMondayToSundayAndShowsItsDaysTheirTotalAndASummary() {
        model.periodProperty().set(ReportsViewModel.Period.WEEK);
        LocalDate monday = LocalDate.of(2026, 11, 23);
        assertThat(model.from()).isEqualTo(monday);
        assertThat(model.to()).isEqualTo(LocalDate.of(2026, 11, 29));
        SalesFigures day = figures(monday, 6, 5, 2);
        SalesFigures total = figures(null, 6, 5, 2);
        when(reports.report(monday, monday.plusDays(6), ReportFilter.ALL, staff))
                .thenReturn(new SalesReport(
                        monday,
                        monday.plusDays(6),
                        List.of(day, figures(monday.plusDays(1), 0, 0, 0)),
                        total,
                        List.of(new Utilisation("Court 1", 8, 1, 1, new BigDecimal("100.0"))),
                        List.of(),
                        List.of(),
                        List.of()));
        model.load();
        assertThat(model.days()).hasSize(3).last().isEqualTo(total);
        assertThat(ReportsViewModel.cancelled(day)).isEqualTo(3);
        assertThat(model.utilisation()).hasSize(1);
        assertThat(model.summaryProperty().get())
                .isEqualTo("2026-11-23 to 2026-11-29: 6 places offered, 5 sold, "
                        + "2 held, 2 paid; cancelled: by the student 1, not paid in time 0, refunded 1, by staff 1, no-show 0; 1 refunded; "
                        + "4 unsold. Revenue ¥40.00, refunds ¥20.00, net ¥20.00.");
    }

    @Test
    void aVenuesSportIsReportedWithItsBreakdownsAndExportedSo() throws Exception {
        model.venueProperty().set(2L);
        model.sportProperty().set("TABLE_TENNIS");
        ReportFilter tables = new ReportFilter(null, 2L, "TABLE_TENNIS");
        SalesFigures day = figures(THURSDAY, 4, 3, 3);
        when(reports.report(THURSDAY, THURSDAY, tables, staff))
                .thenReturn(new SalesReport(
                        THURSDAY,
                        THURSDAY,
                        List.of(day),
                        day,
                        List.of(),
                        List.of(new VenueSportFigures(
                                2,
                                "乒乓球室",
                                "Table-tennis room",
                                "TABLE_TENNIS",
                                "乒乓球",
                                "Table tennis",
                                4,
                                3,
                                new BigDecimal("75.0"),
                                1,
                                new BigDecimal("50.00"))),
                        List.of(new CategoryFigures(
                                Category.FACULTY,
                                1,
                                1,
                                new BigDecimal("30.00"),
                                BigDecimal.ZERO,
                                new BigDecimal("30.00"))),
                        List.of(new HourUse(19, 4, 3, new BigDecimal("75.0")))));
        model.load();
        assertThat(model.bySport())
                .singleElement()
                .satisfies(s -> assertThat(s.noShows()).isEqualTo(1));
        assertThat(model.byCategory()).extracting(CategoryFigures::category).containsExactly(Category.FACULTY);
        assertThat(model.byHour()).extracting(HourUse::hour).containsExactly(19);
        when(reports.export(ExportKind.REPORT, SheetFormat.XLSX, THURSDAY, THURSDAY, tables, staff, I18n.ENGLISH))
                .thenReturn(new byte[] {1});
        model.export(ExportKind.REPORT, folder.resolve("tables.xlsx"));
        assertThat(folder.resolve("tables.xlsx")).hasBinaryContent(new byte[] {1});
    }

    @Test
    void anExportIsSavedWhereStaffChoseAndSaidSo() throws Exception {
        byte[] csv = "\uFEFFPlay date,Sold\r\n2026-11-26,5\r\n".getBytes(StandardCharsets.UTF_8);
        when(reports.export(
                        ExportKind.REPORT, SheetFormat.CSV, THURSDAY, THURSDAY, ReportFilter.ALL, staff, I18n.ENGLISH))
                .thenReturn(csv);
        Path file = folder.resolve("report.csv");
        model.export(ExportKind.REPORT, file);
        assertThat(Files.readAllBytes(file)).isEqualTo(csv);
        assertThat(notices.infos).containsExactly("Saved " + file);
    }

    /** Excel first: the offered name is a workbook's; the name staff save under decides what is written. */
    @Test
    void anExportIsAnExcelWorkbookUnlessStaffSaveItAsCsv() throws Exception {
        assertThat(model.fileName(ExportKind.RESERVATIONS)).isEqualTo("courtrush-reservations-2026-11-26.xlsx");
        byte[] workbook = Xlsx.write("Reservations", List.of(List.of("Reservation"), List.of(11)));
        when(reports.export(
                        ExportKind.RESERVATIONS,
                        SheetFormat.XLSX,
                        THURSDAY,
                        THURSDAY,
                        ReportFilter.ALL,
                        staff,
                        I18n.ENGLISH))
                .thenReturn(workbook);

        model.export(ExportKind.RESERVATIONS, folder.resolve("reservations.xlsx"));
        model.export(ExportKind.RESERVATIONS, folder.resolve("no-extension"));

        assertThat(Workbooks.text(Files.readAllBytes(folder.resolve("reservations.xlsx"))))
                .containsExactly(List.of("Reservation"), List.of("11"));
        assertThat(folder.resolve("no-extension.xlsx"))
                .as("the extension added")
                .hasBinaryContent(workbook);
        assertThat(notices.infos).last().isEqualTo("Saved " + folder.resolve("no-extension.xlsx"));
    }

    private static SalesFigures figures(LocalDate date, int offered, int sold, int held) {
        return new SalesFigures(
                date,
                offered,
                sold,
                held,
                held,
                Map.of(
                        CancelReason.USER,
                        1,
                        CancelReason.TIMEOUT,
                        0,
                        CancelReason.REFUND,
                        1,
                        CancelReason.STAFF,
                        1,
                        CancelReason.NO_SHOW,
                        0),
                1,
                offered - held,
                new BigDecimal("40.00"),
                new BigDecimal("20.00"),
                new BigDecimal("20.00"),
                0,
                0,
                0,
                0);
    }
}
