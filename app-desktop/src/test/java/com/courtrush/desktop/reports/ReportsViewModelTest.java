package com.courtrush.desktop.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.SalesReport;
import com.courtrush.report.api.Utilisation;
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
    final ReportsViewModel model =
            new ReportsViewModel(reports, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), THURSDAY);

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
        when(reports.report(monday, monday.plusDays(6), null))
                .thenReturn(new SalesReport(
                        monday,
                        monday.plusDays(6),
                        List.of(day, figures(monday.plusDays(1), 0, 0, 0)),
                        total,
                        List.of(new Utilisation("Court 1", 8, 1, 1, new BigDecimal("100.0")))));
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
    void anExportIsSavedWhereStaffChoseAndSaidSo() throws Exception {
        byte[] csv = "\uFEFFPlay date,Sold\r\n2026-11-26,5\r\n".getBytes(StandardCharsets.UTF_8);
        when(reports.export(ExportKind.REPORT, SheetFormat.CSV, THURSDAY, THURSDAY, null, I18n.ENGLISH))
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
        when(reports.export(ExportKind.RESERVATIONS, SheetFormat.XLSX, THURSDAY, THURSDAY, null, I18n.ENGLISH))
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
