package com.courtrush.desktop.board;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The board's search: what a student shows or says, looked for among the bookings of the days around the board's
 * date, and looked for again whenever the board changes, so that what it shows follows the board.
 */
final class BoardSearch {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final AttendanceDesk attendance;
    private final Caller staff;
    private final UiTasks tasks;
    private final I18n i18n;
    /** Turns the board to a single booking found. */
    private final Consumer<ReservationRow> show;

    private final ObservableList<ReservationRow> found = FXCollections.observableArrayList();
    private final StringProperty foundText = new SimpleStringProperty("");
    /** What the search looked for ("" none). */
    private String searched = "";
    /** The day the search looked around: the days it looked at stay those while the board turns. */
    private LocalDate searchedAround;

    BoardSearch(AttendanceDesk attendance, Caller staff, UiTasks tasks, I18n i18n, Consumer<ReservationRow> show) {
        this.attendance = attendance;
        this.staff = staff;
        this.tasks = tasks;
        this.i18n = i18n;
        this.show = show;
    }

    /** Looks for {@code text} around {@code around}; one found turns the board to it. */
    void search(String text, LocalDate around) {
        searched = text == null ? "" : text.strip();
        searchedAround = around;
        find(true);
    }

    /** The board changed: what was looked for is looked for again (a booking refunded meanwhile says so). */
    void boardChanged() {
        if (!searched.isEmpty()) {
            find(false);
        }
    }

    /** Looks for {@link #searched} again; a single find turns the board to it when {@code turn}. */
    private void find(boolean turn) {
        String text = searched;
        LocalDate around = searchedAround;
        if (text.isEmpty()) {
            found.clear();
            foundText.set("");
            return;
        }
        LocalDate from = around.minusDays(ReservationFilter.SEARCH_DAYS);
        LocalDate until = around.plusDays(ReservationFilter.SEARCH_DAYS);
        tasks.run(
                i18n.t("reservations.search"),
                () -> attendance.search(text, null, from, until, null, 1, 50, staff),
                page -> {
                    if (!text.equals(searched)) {
                        return; // another search was asked for meanwhile
                    }
                    found.setAll(page.records().stream()
                            .filter(row -> row.status() != ReservationStatus.CANCELLED
                                    || row.cancelReason() == CancelReason.NO_SHOW)
                            .toList());
                    foundText.set(
                            found.isEmpty()
                                    ? i18n.t("board.noneFound", text, from, until)
                                    : found.size() == 1
                                            ? i18n.t("board.foundOne", describe(found.get(0)))
                                            : i18n.t("board.found", found.size()));
                    if (turn && found.size() == 1) {
                        show.accept(found.get(0));
                    }
                });
    }

    /** A booking found, in a line: who, when, where and how it stands now. */
    String describe(ReservationRow row) {
        return i18n.t(
                "board.foundLine",
                row.studentName(),
                row.studentId(),
                row.slotDate(),
                TIME.format(row.startTime()) + "–" + TIME.format(row.endTime()),
                row.courtName(),
                row.status() == ReservationStatus.CANCELLED ? i18n.of(row.cancelReason()) : i18n.of(row.status()));
    }

    ObservableList<ReservationRow> found() {
        return found;
    }

    StringProperty foundText() {
        return foundText;
    }
}
