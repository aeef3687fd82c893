package com.courtrush.desktop.till;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.SheetFormat;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.support.Workbooks;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.desk.TillDesk;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shift's till without a window (issue 52): what the close asks, what it sends, the report as CSV. */
class TillViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 27);

    final TillDesk till = mock(TillDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller staff = Caller.atDesk(7, "d01", Role.STAFF);

    @TempDir
    Path folder;

    final TillViewModel model = new TillViewModel(
            till, staff, "desk-1", new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), () -> TODAY);

    static ReceiptView receipt(String number, String kind, DeskChannel channel, int cents, String student) {
        return new ReceiptView(
                number,
                kind,
                "East Gym",
                42,
                "CR2611270000000001",
                null,
                channel,
                cents,
                "staff:d01",
                "Dee",
                TODAY.atTime(9, 5),
                "2024001",
                student,
                "Court 1",
                TODAY,
                LocalTime.of(18, 0),
                LocalTime.of(19, 0),
                1,
                null,
                null);
    }

    static ShiftReport open(Integer counted, LocalDateTime closed) {
        return open(counted, closed, null);
    }

    static ShiftReport open(Integer counted, LocalDateTime closed, String note) {
        return new ShiftReport(
                9035, // the row's id after a restore: no person reads it
                2,
                "East Gym",
                "staff:d01",
                "Dee",
                "desk-1",
                TODAY.atTime(8, 0),
                closed,
                null,
                List.of(
                        new ShiftReport.ChannelLine(DeskChannel.CASH, 4000, 500, 3, 4000, 500, true),
                        new ShiftReport.ChannelLine(DeskChannel.CARD, 2000, 0, 1, 2000, 0, true),
                        new ShiftReport.ChannelLine(DeskChannel.WECHAT, 0, 2000, 1, 0, 2000, true)),
                List.of(
                        receipt("RPCR1", "PAYMENT", DeskChannel.CASH, 2000, "Ann"),
                        receipt("RRCR1R1", "REFUND", DeskChannel.CASH, 500, "=HYPERLINK(\"x\")")),
                counted,
                3500,
                counted == null || counted == 3500,
                note);
    }

    @Test
    void closingShowsWhatTheCashMustBeBesideWhatWasCountedThenClosesWithTheCount() {
        when(till.currentShift("desk-1")).thenReturn(open(null, null));
        model.refresh();
        assertThat(model.summaryProperty().get())
                .contains("Dee at desk-1")
                .contains("the cash must come to ¥35.00")
                .contains("The receipts agree with the orders.");
        model.countedProperty().set("34.5");
        notices.answer = false;
        model.close();
        assertThat(notices.lastStep().consequence())
                .contains("¥35.00")
                .contains("counted ¥34.50")
                .contains("-0.50");
        verify(till, never()).closeShift(anyLong(), any(), any(), any());

        notices.answer = true;
        model.noteProperty().set("short by 50 fen");
        when(till.closeShift(9035, 3450, "short by 50 fen", staff))
                .thenReturn(open(3450, TODAY.atTime(17, 0), "short by 50 fen"));
        model.close();
        verify(till).closeShift(9035, 3450, "short by 50 fen", staff);
        assertThat(model.reportProperty().get().open()).isFalse();
        assertThat(model.summaryProperty().get())
                .as("the closed shift keeps its difference and its note; the receipts still agree")
                .contains("counted ¥34.50 (-0.50)")
                .contains("The receipts agree with the orders.")
                .contains("Hand-over note: \"short by 50 fen\"");
        assertThat(model.countedProperty().get()).isEmpty();
    }

    @Test
    void theDaysShiftsArePickedByTheirNumberOfTheDayWithWhatWasOffAtTheClose() {
        com.courtrush.till.api.ShiftView second = new com.courtrush.till.api.ShiftView(
                9036,
                2,
                "staff:d01",
                "Dee",
                "desk-1",
                TODAY.atTime(13, 0),
                TODAY.plusDays(1).atTime(0, 30),
                3500,
                0,
                0,
                0,
                0,
                0,
                3450,
                -50,
                0,
                "short by 50 fen",
                null);
        assertThat(model.pickLine(second))
                .isEqualTo(
                        "Shift 2 · Dee · desk-1 · 13:00–11-28 00:30 · cash -0.50 · Hand-over note: \"short by 50 fen\"");
    }

    /** SPEC §21: a manager reads one venue's shifts of the day, picked; none picked, every venue's. */
    @Test
    void aManagerReadsThePickedVenuesShifts() {
        model.loadShifts();
        verify(till).shifts(TODAY, null, staff);
        model.venueProperty().set(3L);
        model.loadShifts();
        verify(till).shifts(TODAY, 3L, staff);
    }

    @Test
    void aCountThatIsNoAmountIsRefusedAndNothingIsClosed() {
        when(till.currentShift("desk-1")).thenReturn(open(null, null));
        model.refresh();
        model.countedProperty().set("12.345");
        model.close();
        assertThat(notices.lastFailureMessage()).contains("12.345");
        verify(till, never()).closeShift(anyLong(), any(), any(), any());
    }

    @Test
    void theReportExportsAsCsvWithEveryChannelAndReceiptAndNoFormula() {
        when(till.currentShift("desk-1")).thenReturn(open(3500, TODAY.atTime(17, 0)));
        model.refresh();
        String csv = new String(model.sheet(SheetFormat.CSV), StandardCharsets.UTF_8);
        assertThat(csv).startsWith("\uFEFF");
        assertThat(csv).contains("Cash,40.00,5.00,35.00,40.00,5.00,yes");
        assertThat(csv).contains("RRCR1R1").contains("-5.00");
        assertThat(csv).contains("'=HYPERLINK");
        // the day's second shift reads 2, not its row's id
        assertThat(csv).contains("Shift,2,East Gym").doesNotContain("9035");
        assertThat(model.exportName()).isEqualTo("shift-2026-11-27-2.xlsx");
    }

    @Test
    void theReportSavedAsAWorkbookHasTheChannelsAsNumbersAndTheReceiptsNoFormula() throws Exception {
        when(till.currentShift("desk-1")).thenReturn(open(3450, TODAY.atTime(17, 0), "short by 50 fen"));
        model.refresh();
        Path file = folder.resolve("shift.xlsx");
        model.export(file);

        byte[] xlsx = Files.readAllBytes(file);
        List<List<Cell>> rows = Workbooks.rows(xlsx);
        assertThat(Workbooks.sheetName(xlsx)).isEqualTo("Shift");
        List<Cell> cash = row(rows, "Cash");
        assertThat(cash.get(3).getType()).isEqualTo(CellType.NUMBER);
        assertThat(cash.get(3).asNumber()).isEqualByComparingTo("35.00");
        // a drawer closed short: the count and its difference as numbers, the hand-over note beside them
        assertThat(row(rows, "Cash counted").get(1).asNumber()).isEqualByComparingTo("34.50");
        assertThat(row(rows, "Difference (below zero: short)").get(1).getType()).isEqualTo(CellType.NUMBER);
        assertThat(row(rows, "Difference (below zero: short)").get(1).asNumber())
                .isEqualByComparingTo("-0.50");
        assertThat(row(rows, "Hand-over note").get(1).getText()).isEqualTo("short by 50 fen");
        assertThat(Workbooks.text(xlsx))
                .anySatisfy(row -> assertThat(row).contains("RRCR1R1", "-5.00", "'=HYPERLINK(\"x\")"));
        // issue 76: a receipt's time and its play date as Excel's own, which sort and filter as dates
        List<Cell> receipt = row(rows, "RRCR1R1");
        assertThat(List.of(receipt.get(1), receipt.get(8))).allMatch(Workbooks::isDate);
        assertThat(notices.infos).last().asString().contains(file.toString());
    }

    /** The sheet's row whose first cell reads {@code first}. */
    private static List<Cell> row(List<List<Cell>> rows, String first) {
        return rows.stream()
                .filter(row -> !row.isEmpty()
                        && row.get(0) != null
                        && first.equals(row.get(0).getText()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + first));
    }

    /** A receipt prints times as people write them: 09:05 and 18:00–19:00, never with seconds (issue 74). */
    @Test
    void aReceiptPrintsTimesWithoutSeconds() {
        ReceiptDocuments documents = new ReceiptDocuments(I18n.of(I18n.CHINESE), new DirectUiTasks(notices), notices);
        String printed = String.join("\n", documents.lines(receipt("RPCR1", "PAYMENT", DeskChannel.CASH, 2000, "Ann")));
        assertThat(printed).contains(TODAY + " 09:05").contains("18:00–19:00");
        assertThat(printed).doesNotContainPattern("\\d\\d:\\d\\d:\\d\\d");
    }

    /** A receipt names who handled the money by name and staff id, never by the trail's code (issue 76). */
    @Test
    void aReceiptNamesItsStaffMemberWithoutTheTrailsCode() {
        ReceiptDocuments documents = new ReceiptDocuments(I18n.of(I18n.CHINESE), new DirectUiTasks(notices), notices);
        List<String> lines = documents.lines(receipt("RPCR1", "PAYMENT", DeskChannel.CASH, 2000, "Ann"));
        assertThat(lines).last().isEqualTo("经手人：Dee（工号 d01）");
        assertThat(String.join("\n", lines)).doesNotContain("staff:");
    }
}
