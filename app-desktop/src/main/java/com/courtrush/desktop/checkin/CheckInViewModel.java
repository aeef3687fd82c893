package com.courtrush.desktop.checkin;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Student;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.api.RunningSlot;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.WallTimes;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.ShownDay;
import com.courtrush.desktop.ui.StudentLookup;
import com.courtrush.desktop.ui.TakePayment;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.till.api.DeskChannel;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Check-in at the desk: the day's bookings by time and court, a scan field a USB scanner types into
 * (the QR code's text, then Enter) or staff type a short code into, a search by student id, order
 * number or name, check in the selected booking, and take a check-in back within a minute.
 */
public final class CheckInViewModel {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final AttendanceDesk desk;
    private final StudentDesk students;
    private final Caller staff;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<RunningSlot> running = FXCollections.observableArrayList();
    private final ShownDay shown;
    private final ObjectProperty<LocalDate> date;
    private final StringProperty query = new SimpleStringProperty("");
    /** The venue picked (SPEC §21); null: every venue whose desk the staff member works. */
    private final ObjectProperty<Long> venue = new SimpleObjectProperty<>();

    private final StringProperty scanned = new SimpleStringProperty("");
    /** What the last scan or check-in did, in large type for the desk: "" before the first. */
    private final StringProperty lastResult = new SimpleStringProperty("");

    private final StringProperty lastKind = new SimpleStringProperty("");
    private final StringProperty hint = new SimpleStringProperty("");
    /** What the empty list says: no bookings that day, or none of them matching what was searched. */
    private final StringProperty emptyText = new SimpleStringProperty("");

    public CheckInViewModel(
            AttendanceDesk desk,
            StudentDesk students,
            Caller staff,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Supplier<LocalDate> today) {
        this.desk = desk;
        this.students = students;
        this.staff = staff;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.shown = new ShownDay(today);
        this.date = shown.property();
        emptyText.set(i18n.t("checkIn.empty"));
        venue.addListener((obs, old, now) -> refresh());
    }

    public void refresh() {
        tasks.run(i18n.t("checkIn.load"), desk::graceMinutes, minutes -> hint.set(i18n.t("checkIn.hint", minutes)));
        LocalDate day = shown.toRead(); // past midnight, today's list follows the new day
        String q = query.get();
        String searched = q == null ? "" : q.strip();
        tasks.run(i18n.t("checkIn.load"), () -> desk.day(day, q, venue.get(), staff), list -> {
            rows.setAll(list.stream().map(this::row).toList());
            emptyText.set(searched.isEmpty() ? i18n.t("checkIn.empty") : i18n.t("checkIn.noneFound", searched, day));
        });
    }

    /** Checks in what was scanned or typed; the field is emptied for the next one either way. */
    public void scan() {
        String text = scanned.get() == null ? "" : scanned.get().strip();
        scanned.set("");
        if (text.isEmpty()) {
            return;
        }
        tasks.run(i18n.t("checkIn.scan"), () -> desk.scan(text, staff), this::checkedIn, this::refused);
    }

    /** Checks the selected booking in; a refusal ("too early") says whose booking it was. */
    public void checkIn(Row row) {
        tasks.run(
                i18n.t("board.checkInOf", target(row)),
                () -> desk.checkIn(row.reservationId(), staff),
                this::checkedIn,
                error -> refused(target(row), error));
    }

    public void undo(Row row) {
        tasks.run(
                i18n.t("checkIn.undoOf", target(row)),
                () -> desk.undo(row.reservationId(), staff),
                booking -> {
                    lastKind.set("undone");
                    lastResult.set(i18n.t("checkIn.undone", describe(booking)));
                    refresh();
                },
                error -> refused(target(row), error));
    }

    /** A booking of the list as staff are asked about it: who, where and when. */
    String target(Row row) {
        return i18n.t("board.target", row.name(), row.studentId(), row.court(), date.get(), row.time());
    }

    /** Takes the selected booking's payment at the desk; it is checked in too once its check-in has opened. */
    public void payAtDesk(Row row) {
        String amount = "¥" + price(row.amountCents());
        Optional<DeskChannel> chosen = TakePayment.ask(notices, i18n, amount, target(row));
        if (chosen.isEmpty()) {
            return;
        }
        DeskChannel channel = chosen.get();
        tasks.run(
                i18n.t("board.takePaymentOf", target(row)),
                () -> desk.payAtDesk(row.reservationId(), row.amountCents(), channel, staff),
                booking -> {
                    lastKind.set("ok");
                    lastResult.set(i18n.t(
                            booking.checkedInTime() != null ? "checkIn.paidAndCheckedIn" : "checkIn.paid",
                            describe(booking)));
                    refresh();
                },
                error -> refused(target(row), error));
    }

    /** Reads the slots running now, with their free places, for the walk-in dialog. */
    public void loadRunning() {
        tasks.run(i18n.t("walkIn.load"), () -> desk.running(venue.get(), staff), running::setAll);
    }

    /**
     * Books a walk-in into a running slot, takes the payment shown for what the student books as
     * ({@link RunningSlot#priceFor}: a student's or a faculty member's price, SPEC §21) at the desk in {@code channel}
     * (cash or card) and checks it in; refused, booking nothing, if the price changed meanwhile or the venue does not
     * admit them.
     */
    public void walkIn(RunningSlot slot, String studentId, DeskChannel channel) {
        String id = studentId == null ? "" : studentId.strip();
        if (slot == null || id.isEmpty()) {
            lastKind.set("refused");
            lastResult.set(i18n.t("checkIn.refused", i18n.t("walkIn.incomplete")));
            return;
        }
        tasks.run(
                i18n.t("walkIn.open"),
                () -> {
                    // an id nobody has: the engine says so as it books
                    Category category = StudentLookup.named(students, id)
                            .map(Student::category)
                            .orElse(Category.STUDENT);
                    Integer cents = slot.priceFor(category);
                    if (cents == null) {
                        throw CourtRushException.forbidden(
                                "price.notAdmitted", new EngineText("category." + category.name()));
                    }
                    return new Taken(desk.walkIn(slot.slotId(), id, channel, cents, staff), cents);
                },
                taken -> {
                    lastKind.set("ok");
                    lastResult.set(i18n.t(
                            "walkIn.done",
                            price(taken.cents()) + " (" + i18n.of(channel) + ")",
                            describe(taken.booking())));
                    refresh();
                },
                error -> refused(
                        i18n.t(
                                "checkIn.walkInOf",
                                id,
                                slot.courtName(),
                                TIME.format(slot.startTime()) + "–" + TIME.format(slot.endTime())),
                        error));
    }

    /**
     * How the walk-in dialog names a running slot: time, court, free places and price — a student's, and each other
     * category's that differs (SPEC §21).
     */
    public String describe(RunningSlot slot) {
        StringBuilder cost = new StringBuilder(price(slot.priceCents()));
        slot.prices().forEach((category, cents) -> {
            if (category != Category.STUDENT && cents != slot.priceCents()) {
                cost.append(" · ").append(i18n.of(category)).append(" ¥").append(price(cents));
            }
        });
        return i18n.t(
                "walkIn.slot",
                TIME.format(slot.startTime()) + "–" + TIME.format(slot.endTime()),
                slot.courtName(),
                slot.placesLeft(),
                cost);
    }

    /** A walk-in booked, and what the desk took for it. */
    private record Taken(DeskBookingView booking, int cents) {}

    private static String price(int cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    private void checkedIn(DeskBookingView booking) {
        lastKind.set("ok");
        lastResult.set(i18n.t("checkIn.done", describe(booking)));
        refresh();
    }

    /** A refusal of what was done to a booking of the list, shown where the desk looks with whose booking it was. */
    private void refused(String booking, Throwable error) {
        refusal(error)
                .ifPresentOrElse(
                        refusal -> {
                            lastKind.set("refused");
                            lastResult.set(i18n.t("checkIn.refusedOf", booking, refusal.message(i18n.locale())));
                        },
                        () -> notices.failed(booking, error));
    }

    private static Optional<CourtRushException> refusal(Throwable error) {
        Throwable cause = error;
        while (cause != null && !(cause instanceof CourtRushException)) {
            cause = cause.getCause();
        }
        return Optional.ofNullable((CourtRushException) cause);
    }

    /** A refusal (a code of another day, already checked in, …) is shown where the desk looks; anything else as usual. */
    private void refused(Throwable error) {
        refusal(error)
                .ifPresentOrElse(
                        refusal -> {
                            lastKind.set("refused");
                            lastResult.set(i18n.t("checkIn.refused", refusal.message(i18n.locale())));
                        },
                        () -> notices.failed(i18n.t("checkIn.scan"), error));
    }

    private String describe(DeskBookingView booking) {
        return i18n.t(
                "checkIn.booking",
                booking.studentName(),
                booking.studentId(),
                booking.courtName(),
                TIME.format(booking.startTime()),
                TIME.format(booking.endTime()));
    }

    private Row row(DeskBookingView b) {
        String state;
        if (b.checkedInTime() != null) {
            state = i18n.t("checkIn.checkedInAt", WallTimes.onDay(b.checkedInTime(), b.slotDate()));
        } else if (b.cancelReason() == CancelReason.NO_SHOW) {
            state = i18n.of(CancelReason.NO_SHOW);
        } else {
            state = i18n.of(b.status());
        }
        return new Row(
                b.reservationId(),
                TIME.format(b.startTime()) + "–" + TIME.format(b.endTime()),
                b.courtName(),
                b.studentId(),
                b.studentName(),
                b.partnerNames() == null ? "" : b.partnerNames(),
                b.outTradeNo() == null ? "" : b.outTradeNo(),
                b.code(),
                state,
                b.active() && b.checkedInTime() == null,
                b.checkedInTime() != null,
                b.status() == ReservationStatus.PENDING_PAYMENT,
                b.amountCents());
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    /** The slots running now, as last read for the walk-in dialog. */
    public ObservableList<RunningSlot> running() {
        return running;
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ObjectProperty<Long> venueProperty() {
        return venue;
    }

    public StringProperty queryProperty() {
        return query;
    }

    public StringProperty scannedProperty() {
        return scanned;
    }

    public StringProperty lastResultProperty() {
        return lastResult;
    }

    /** When a booking not checked in becomes a no-show, as the settings say now. */
    public StringProperty hintProperty() {
        return hint;
    }

    /** What the list says when it is empty: no bookings that day, or none matching the search. */
    public StringProperty emptyTextProperty() {
        return emptyText;
    }

    /** "ok", "refused" or "undone": how the last result is shown. */
    public StringProperty lastKindProperty() {
        return lastKind;
    }

    /** A booking as the table shows it. */
    public record Row(
            long reservationId,
            String time,
            String court,
            String studentId,
            String name,
            String partners,
            String orderNo,
            String code,
            String state,
            boolean canCheckIn,
            boolean checkedIn,
            boolean unpaid,
            int amountCents) {}
}
