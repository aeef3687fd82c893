package com.courtrush.desktop.board;

import com.courtrush.account.api.Caller;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.core.WallTimes;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.ShownDay;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.till.desk.TillDesk;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * 场地看板 The board (issue 52): a day's courts down the side and its hours across, each cell a slot with what staff
 * need at a glance — who holds it and how it stands (unpaid, paid, checked in, a no-show, a walk-in), the partners,
 * the places left — read again every few seconds while shown. A cell's bookings are acted on from here: check in,
 * take the payment (its amount shown and confirmed), cancel, refund; a free place of a slot running now takes a
 * walk-in. One search box finds a booking by what a student shows or says, among the days around the board's date,
 * and turns the board to it.
 */
public final class BoardViewModel {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    /** How a cell looks: what its bookings amount to. */
    public enum Look {
        /** No slot of that court at that hour. */
        NONE,
        /** Places left, the slot still to come or running. */
        FREE,
        /** Places left, the slot over: nobody will play there. */
        PAST,
        /** Held by a class or team block (SPEC §21): never on sale. */
        HELD,
        UNPAID,
        PAID,
        CHECKED_IN,
        NO_SHOW,
        WALK_IN
    }

    /**
     * One cell of the board: a court at an hour, the slot there (null: none) and how it reads.
     *
     * @param title    the first line: the student (and how many more), or the places left
     * @param detail   the second line: the state, and the partners
     * @param tooltip  everything, for a pointer resting on it and for screen readers
     */
    public record Cell(
            int row,
            int column,
            DeskBoard.Cell slot,
            Look look,
            String title,
            String detail,
            String tooltip,
            boolean highlighted) {

        /** The bookings that can be acted on: the active ones. */
        public List<DeskBookingView> active() {
            return slot == null
                    ? List.of()
                    : slot.bookings().stream().filter(DeskBookingView::active).toList();
        }

        /** A walk-in may be booked here now: a free place of a slot running now. */
        public boolean takesWalkIn() {
            return slot != null && slot.running() && slot.placesLeft() > 0;
        }
    }

    private final AttendanceDesk attendance;
    private final BoardActions actions;
    private final UiTasks tasks;
    private final I18n i18n;
    private final ShownDay shown;
    private final ObjectProperty<LocalDate> date;
    private final ReadOnlyObjectWrapper<DeskBoard> board = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> courts = FXCollections.observableArrayList();
    private final ObservableList<LocalTime> hours = FXCollections.observableArrayList();
    private final ObservableList<Cell> cells = FXCollections.observableArrayList();
    private final StringProperty query = new SimpleStringProperty("");
    private final BoardSearch search;
    /** The booking a search led to (0: none): its cell is highlighted. */
    private final LongProperty highlighted = new SimpleLongProperty();

    private final StringProperty problem = new SimpleStringProperty("");
    /** The venue picked (SPEC §21); null: every venue whose desk the staff member works. */
    private final ObjectProperty<Long> venue = new SimpleObjectProperty<>();

    private final Caller staff;
    private boolean refreshing;

    public BoardViewModel(
            AttendanceDesk attendance,
            PaymentDesk payments,
            ReservationDesk reservations,
            TillDesk till,
            StudentDesk students,
            Caller staff,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Supplier<LocalDate> today) {
        this.attendance = attendance;
        this.staff = staff;
        this.search = new BoardSearch(attendance, staff, tasks, i18n, this::show);
        this.actions = new BoardActions(
                attendance,
                payments,
                reservations,
                till,
                students,
                staff,
                tasks,
                notices,
                i18n,
                this::refresh,
                this::courtName);
        this.tasks = tasks;
        this.i18n = i18n;
        this.shown = new ShownDay(today);
        this.date = shown.property();
        date.addListener((obs, old, now) -> refresh());
        venue.addListener((obs, old, now) -> refresh());
    }

    /** Reads the board of the date again (also every few seconds while shown: one read at a time). */
    public void refresh() {
        LocalDate day = shown.toRead(); // past midnight, today's board follows the new day
        if (day == null || refreshing) {
            return;
        }
        refreshing = true;
        tasks.run(
                i18n.t("board.load"),
                () -> attendance.board(day, venue.get(), staff),
                read -> {
                    refreshing = false;
                    problem.set("");
                    if (read.day().equals(date.get())) {
                        apply(read);
                    }
                },
                error -> {
                    refreshing = false;
                    problem.set(i18n.t("board.unavailable", error.getMessage()));
                });
    }

    /** Lays the board out: courts by name as rows, the slots' start times as columns. */
    void apply(DeskBoard read) {
        board.set(read);
        List<LocalTime> starts = read.slots().stream()
                .map(DeskBoard.Cell::startTime)
                .distinct()
                .sorted()
                .toList();
        Map<Long, Integer> rowOf = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (DeskBoard.Court court : read.courts()) {
            rowOf.put(court.courtId(), names.size());
            names.add(court.name());
        }
        Map<String, DeskBoard.Cell> at = new HashMap<>();
        read.slots().forEach(slot -> at.putIfAbsent(slot.courtId() + "@" + slot.startTime(), slot));
        List<Cell> laid = new ArrayList<>();
        for (DeskBoard.Court court : read.courts()) {
            for (int column = 0; column < starts.size(); column++) {
                DeskBoard.Cell slot = at.get(court.courtId() + "@" + starts.get(column));
                laid.add(cell(rowOf.get(court.courtId()), column, slot));
            }
        }
        if (!names.equals(courts)) {
            courts.setAll(names);
        }
        if (!starts.equals(hours)) {
            hours.setAll(starts);
        }
        if (!laid.equals(cells)) {
            cells.setAll(laid);
            search.boardChanged();
        }
    }

    private Cell cell(int row, int column, DeskBoard.Cell slot) {
        if (slot == null) {
            return new Cell(row, column, null, Look.NONE, "", "", "", false);
        }
        List<DeskBookingView> bookings = slot.bookings();
        boolean highlight = bookings.stream().anyMatch(b -> b.reservationId() == highlighted.get());
        String when = TIME.format(slot.startTime()) + "–" + TIME.format(slot.endTime());
        String places = i18n.t("board.placesLeft", slot.placesLeft(), slot.capacity());
        if (bookings.isEmpty() && slot.heldFor() != null) {
            String held = i18n.t("board.look.held");
            return new Cell(
                    row,
                    column,
                    slot,
                    Look.HELD,
                    held,
                    slot.heldFor(),
                    when + " · " + held + " · " + slot.heldFor(),
                    highlight);
        }
        if (bookings.isEmpty()) {
            Look look = slot.ended() ? Look.PAST : Look.FREE;
            String title = slot.capacity() == 1 ? i18n.t("board.free") : places;
            String detail = slot.running() ? i18n.t("board.walkInHere") : "¥" + Inputs.yuan(slot.priceCents());
            return new Cell(row, column, slot, look, title, detail, when + " · " + places, highlight);
        }
        DeskBookingView first = bookings.get(0);
        Look look = lookOf(first);
        String title = bookings.size() == 1
                ? first.studentName()
                : i18n.t("board.andMore", first.studentName(), bookings.size(), bookings.size() - 1);
        // a line each, never run together where a cell is too narrow for them: the state, the partners, the places
        String detail = stateOf(first)
                + (first.partnerNames() == null ? "" : "\n" + first.partnerNames())
                + (slot.capacity() > 1 ? "\n" + places : "");
        StringBuilder tooltip = new StringBuilder(when).append(" · ").append(places);
        for (DeskBookingView booking : bookings) {
            tooltip.append('\n')
                    .append(i18n.t(
                            "board.bookingLine",
                            booking.studentName(),
                            booking.studentId(),
                            stateOf(booking),
                            booking.partnerNames() == null ? "" : booking.partnerNames()));
        }
        return new Cell(row, column, slot, look, title, detail, tooltip.toString(), highlight);
    }

    static Look lookOf(DeskBookingView booking) {
        if (booking.noShow()) {
            return Look.NO_SHOW;
        }
        if (booking.walkIn()) {
            return Look.WALK_IN;
        }
        if (booking.checkedInTime() != null) {
            return Look.CHECKED_IN;
        }
        return booking.status() == ReservationStatus.CONFIRMED ? Look.PAID : Look.UNPAID;
    }

    /** A booking's state in words: unpaid, paid, checked in at a time, a no-show, a walk-in. */
    String stateOf(DeskBookingView booking) {
        return switch (lookOf(booking)) {
            case NO_SHOW -> i18n.t("board.noShow");
            case WALK_IN -> i18n.t("board.walkIn");
            case CHECKED_IN ->
                i18n.t("board.checkedInAt", WallTimes.onDay(booking.checkedInTime(), booking.slotDate()));
            case PAID -> i18n.t("board.paid");
            default -> i18n.t("board.unpaid");
        };
    }

    /**
     * Looks for what a student shows or says among the bookings of the days around the board's date; one found turns
     * the board to its date and highlights its cell.
     */
    public void search() {
        String text = query.get() == null ? "" : query.get().strip();
        if (text.isEmpty()) {
            highlighted.set(0);
        }
        search.search(text, date.get() == null ? shown.today() : date.get());
    }

    /** A booking found, in a line: who, when, where and how it stands now. */
    public String describe(ReservationRow row) {
        return search.describe(row);
    }

    /** Turns the board {@code days} days on (back, when negative); from today when no date is set. */
    public void shiftDays(int days) {
        LocalDate from = date.get() == null ? shown.today() : date.get();
        date.set(from.plusDays(days));
    }

    /** Turns the board to today. */
    public void today() {
        date.set(shown.today());
    }

    /** Turns the board to a booking found and highlights its cell. */
    public void show(ReservationRow row) {
        highlighted.set(row.id());
        if (row.slotDate() != null && !row.slotDate().equals(date.get())) {
            date.set(row.slotDate()); // reads the board of that day
        } else if (board.get() != null) {
            apply(board.get());
        }
    }

    /** What staff do to the bookings of a cell. */
    public BoardActions actions() {
        return actions;
    }

    /** A court's name as the board read it ("" when not on it). */
    String courtName(long courtId) {
        DeskBoard read = board.get();
        return read == null
                ? ""
                : read.courts().stream()
                        .filter(c -> c.courtId() == courtId)
                        .map(DeskBoard.Court::name)
                        .findFirst()
                        .orElse("");
    }

    /** The highlighted booking's cell, when it is on the board. */
    public Optional<Cell> highlightedCell() {
        return cells.stream().filter(Cell::highlighted).findFirst();
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ObjectProperty<Long> venueProperty() {
        return venue;
    }

    public ReadOnlyObjectProperty<DeskBoard> boardProperty() {
        return board.getReadOnlyProperty();
    }

    /** The rows' courts, by name. */
    public ObservableList<String> courts() {
        return courts;
    }

    /** The columns' start times. */
    public ObservableList<LocalTime> hours() {
        return hours;
    }

    /** Every cell, row by row. */
    public ObservableList<Cell> cells() {
        return cells;
    }

    public StringProperty queryProperty() {
        return query;
    }

    public ObservableList<ReservationRow> found() {
        return search.found();
    }

    public StringProperty foundTextProperty() {
        return search.foundText();
    }

    /** Why the board could not be read just now ("" when it was). */
    public StringProperty problemProperty() {
        return problem;
    }
}
