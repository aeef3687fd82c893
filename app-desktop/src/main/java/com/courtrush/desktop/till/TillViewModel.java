package com.courtrush.desktop.till;

import com.courtrush.account.api.Caller;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.WallTimes;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.ExportFile;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.ShownDay;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.api.ShiftView;
import com.courtrush.till.desk.TillDesk;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * 交班对账 The shift's till (issue 52): the shift open at this console — what its staff member took and gave back per
 * channel by the receipts, beside what the engine's orders say it must be, and every receipt (printed or saved as a
 * PDF) — and its close: the cash counted in the drawer against what it must be, a note, confirmed; then the report,
 * kept by the engine, exported as Excel or CSV. A manager also sees every shift of a day.
 */
public final class TillViewModel {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final TillDesk till;
    private final Caller staff;
    private final String console;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;

    private final ObjectProperty<ShiftReport> report = new SimpleObjectProperty<>();
    private final ObservableList<ShiftReport.ChannelLine> channels = FXCollections.observableArrayList();
    private final ObservableList<ReceiptView> receipts = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty counted = new SimpleStringProperty("");
    private final StringProperty note = new SimpleStringProperty("");
    private final ShownDay shown;
    private final ObjectProperty<LocalDate> day;
    private final ObservableList<ShiftView> shifts = FXCollections.observableArrayList();
    /** The venue whose shifts a manager reads (SPEC §21); null: every venue of the desk. */
    private final ObjectProperty<Long> venue = new SimpleObjectProperty<>();

    public TillViewModel(
            TillDesk till,
            Caller staff,
            String console,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Supplier<LocalDate> today) {
        this.till = till;
        this.staff = staff;
        this.console = console;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.shown = new ShownDay(today);
        this.day = shown.property();
        report.addListener((obs, old, now) -> show(now));
    }

    /** Reads the shift open at this console (and, for a manager, the day's shifts). */
    public void refresh() {
        tasks.run(i18n.t("till.load"), () -> till.currentShift(console), report::set);
        loadShifts();
    }

    /** A manager's list of the day's shifts (a staff member sees their own). */
    public void loadShifts() {
        LocalDate date = shown.toRead(); // past midnight, today's shifts follow the new day
        if (date != null) {
            tasks.run(i18n.t("till.load"), () -> till.shifts(date, venue.get(), staff), shifts::setAll);
        }
    }

    /** Shows one shift of the list. */
    public void pick(ShiftView shift) {
        if (shift != null) {
            tasks.run(i18n.t("till.load"), () -> till.shift(shift.shiftId(), staff), report::set);
        }
    }

    private void show(ShiftReport shown) {
        if (shown == null) {
            channels.clear();
            receipts.clear();
            summary.set(i18n.t("till.noShift"));
            return;
        }
        channels.setAll(shown.channels());
        receipts.setAll(shown.receipts());
        summary.set(describe(shown));
    }

    /** The shift in a sentence: whose, where, since when (until when), and whether it adds up. */
    String describe(ShiftReport shown) {
        String who = shown.actorName() == null ? shown.actor() : shown.actorName();
        String when = shown.open()
                ? i18n.t("till.openSince", STAMP.format(shown.opened()))
                : i18n.t("till.closedAt", STAMP.format(shown.opened()), STAMP.format(shown.closed()));
        String cash = shown.countedCash() == null
                ? i18n.t("till.cashExpected", yuan(shown.cashExpected()))
                : i18n.t(
                        "till.cashCounted",
                        yuan(shown.cashExpected()),
                        yuan(shown.countedCash()),
                        signed(shown.cashDifference()));
        boolean receiptsAgree = shown.channels().stream().allMatch(ShiftReport.ChannelLine::matches);
        String summary = i18n.t(
                "till.summary",
                who,
                shown.console(),
                when,
                cash,
                i18n.t(receiptsAgree ? "till.matches" : "till.mismatch"));
        return shown.note() == null ? summary : summary + " " + i18n.t("till.handOverNote", shown.note());
    }

    /**
     * Closes the shift shown, once staff have seen what the cash must be beside what they counted, and confirmed. The
     * count is typed in yuan ("512", "512.50"); empty: not counted.
     */
    public void close() {
        ShiftReport shown = report.get();
        if (shown == null || !shown.open()) {
            return;
        }
        Integer cents;
        try {
            cents = counted.get() == null || counted.get().isBlank() ? null : cents(counted.get());
        } catch (InputRefused refused) {
            notices.failed(i18n.t("till.close"), refused);
            return;
        }
        String consequence = cents == null
                ? i18n.t("till.closeUncounted", yuan(shown.cashExpected()))
                : i18n.t(
                        "till.closeCounted",
                        yuan(shown.cashExpected()),
                        yuan(cents),
                        signed(cents - shown.cashExpected()));
        if (notices.confirm(Destructive.of(i18n.t("till.close"), describe(shown), consequence))
                .isEmpty()) {
            return;
        }
        String why = note.get();
        tasks.run(i18n.t("till.close"), () -> till.closeShift(shown.shiftId(), cents, why, staff), closed -> {
            report.set(closed);
            counted.set("");
            note.set("");
            notices.info(i18n.t("till.closed", describe(closed)));
            loadShifts();
        });
    }

    /** Yuan as typed ("512", "512.5") to cents: not below zero, at most two decimals; else refused saying so. */
    int cents(String yuan) {
        try {
            BigDecimal cents = new BigDecimal(yuan.strip()).movePointRight(2);
            if (cents.signum() < 0 || cents.stripTrailingZeros().scale() > 0) {
                throw new NumberFormatException();
            }
            return cents.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InputRefused(i18n.t("till.badCount", yuan.strip()));
        }
    }

    /**
     * The report shown as a workbook or CSV (formula-looking cells neutralised either way): channels, then every
     * receipt.
     */
    public byte[] sheet(SheetFormat format) {
        ShiftReport shown = report.get();
        List<List<?>> rows = new ArrayList<>();
        rows.add(List.of(i18n.t("till.csvShift"), shown.dayNumber(), shown.gymName(), describe(shown)));
        rows.add(List.of(i18n.t("till.csvExpected"), money(shown.cashExpected())));
        if (shown.countedCash() != null) {
            // the count and how far it is from what it had to be, as numbers a spreadsheet adds up
            rows.add(List.of(i18n.t("till.csvCounted"), money(shown.countedCash())));
            rows.add(List.of(i18n.t("till.csvDifference"), money(shown.cashDifference())));
        }
        if (shown.note() != null) {
            rows.add(List.of(i18n.t("till.csvNote"), shown.note()));
        }
        rows.add(null);
        rows.add(List.of(
                i18n.t("till.channel"),
                i18n.t("till.taken"),
                i18n.t("till.givenBack"),
                i18n.t("till.net"),
                i18n.t("till.ordersTaken"),
                i18n.t("till.ordersGivenBack"),
                i18n.t("till.agrees")));
        for (ShiftReport.ChannelLine line : shown.channels()) {
            rows.add(List.of(
                    i18n.of(line.channel()),
                    money(line.taken()),
                    money(line.givenBack()),
                    money(line.net()),
                    money(line.ordersTaken()),
                    money(line.ordersGivenBack()),
                    i18n.t(line.matches() ? "till.yes" : "till.no")));
        }
        rows.add(null);
        rows.add(List.of(
                i18n.t("till.receiptNo"),
                i18n.t("till.time"),
                i18n.t("till.kind"),
                i18n.t("till.channel"),
                i18n.t("till.amount"),
                i18n.t("reservations.student"),
                i18n.t("reservations.studentName"),
                i18n.t("openings.court"),
                i18n.t("openings.date"),
                i18n.t("openings.time")));
        for (ReceiptView receipt : shown.receipts()) {
            rows.add(List.of(
                    receipt.receiptNo(),
                    receipt.time(),
                    i18n.t(receipt.refund() ? "till.refund" : "till.payment"),
                    i18n.of(receipt.channel()),
                    money(receipt.refund() ? -receipt.amountCents() : receipt.amountCents()),
                    receipt.studentId(),
                    receipt.studentName(),
                    receipt.courtName(),
                    receipt.slotDate(),
                    receipt.startTime() + "–" + receipt.endTime()));
        }
        return format.write(i18n.t("till.sheet"), rows);
    }

    /**
     * Writes the report shown to {@code file}, an Excel workbook or CSV by its extension (a workbook, with the
     * extension added, when it has none; see {@link ExportFile}).
     */
    public void export(Path file) {
        if (report.get() == null) {
            return;
        }
        ExportFile target = ExportFile.of(file);
        byte[] sheet = sheet(target.format());
        tasks.run(
                i18n.t("till.export"),
                () -> {
                    Files.write(target.path(), sheet);
                    return target.path();
                },
                written -> notices.info(i18n.t("till.exported", written)));
    }

    /** The file name an export is offered under. */
    public String exportName() {
        ShiftReport shown = report.get();
        return shown == null
                ? "shift.xlsx"
                : "shift-" + shown.opened().toLocalDate() + "-" + shown.dayNumber() + ".xlsx";
    }

    /** An amount as a spreadsheet's number, in yuan with its two decimals. */
    private static BigDecimal money(int cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    static String yuan(int cents) {
        return Inputs.yuan(cents);
    }

    /**
     * A shift as the day's list names it: its number of the day (as its receipts and export say), who, where and
     * when, and what was off or noted at its close.
     */
    public String pickLine(ShiftView shift) {
        Integer off = shift.cashDifference();
        String line = i18n.t(
                "till.shiftLine",
                shift.dayNumber(),
                shift.actorName() == null ? shift.actor() : shift.actorName(),
                shift.console(),
                // a shift's times on its own day, the close with its date when past midnight
                WallTimes.onDay(shift.opened(), shift.opened().toLocalDate()),
                shift.closed() == null
                        ? i18n.t("till.stillOpen")
                        : WallTimes.onDay(shift.closed(), shift.opened().toLocalDate()));
        return line
                + (off == null || off == 0 ? "" : " · " + i18n.t("till.shiftOff", signed(off)))
                + (shift.note() == null ? "" : " · " + i18n.t("till.handOverNote", shift.note()));
    }

    static String signed(int cents) {
        return (cents > 0 ? "+" : "") + Inputs.yuan(cents);
    }

    public ObjectProperty<ShiftReport> reportProperty() {
        return report;
    }

    public ObservableList<ShiftReport.ChannelLine> channels() {
        return channels;
    }

    public ObservableList<ReceiptView> receipts() {
        return receipts;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public StringProperty countedProperty() {
        return counted;
    }

    public StringProperty noteProperty() {
        return note;
    }

    public ObjectProperty<Long> venueProperty() {
        return venue;
    }

    public ObjectProperty<LocalDate> dayProperty() {
        return day;
    }

    public ObservableList<ShiftView> shifts() {
        return shifts;
    }

    public boolean manager() {
        return staff.isManager();
    }
}
