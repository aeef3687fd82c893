package com.courtrush.desktop.reservations;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.DeskRefunds;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.desk.TillDesk;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Reservations &amp; payments: find reservations by date, court, student and status; see one's pay
 * orders and audit trail; cancel, mark paid, refund, re-sync its opening.
 */
public final class ReservationsViewModel {

    public static final int PAGE_SIZE = 200;

    private final ReservationDesk reservations;
    private final PaymentDesk payments;
    private final OpeningDesk openings;
    private final CourtDesk courts;
    private final AttendanceDesk attendance;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final DeskRefunds refunds;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>();
    private final ObjectProperty<CourtFilter> court = new SimpleObjectProperty<>();
    private final StringProperty student = new SimpleStringProperty("");
    private final ObjectProperty<ReservationStatus> status = new SimpleObjectProperty<>();
    private final ObservableList<CourtFilter> courtChoices = FXCollections.observableArrayList();
    private final ObservableList<ReservationRow> rows = FXCollections.observableArrayList();
    private final LongProperty total = new SimpleLongProperty();
    private final StringProperty totalText = new SimpleStringProperty("");
    private final ObjectProperty<ReservationRow> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<ReservationDetailsView> detail = new SimpleObjectProperty<>();

    /** Days before and after the date that a text is looked for in (the engine's own default). */
    static final int SEARCH_DAYS = ReservationFilter.SEARCH_DAYS;

    private final LocalDate today;

    public ReservationsViewModel(
            ReservationDesk reservations,
            PaymentDesk payments,
            OpeningDesk openings,
            CourtDesk courts,
            AttendanceDesk attendance,
            TillDesk till,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Caller staff,
            LocalDate today) {
        this.reservations = reservations;
        this.payments = payments;
        this.openings = openings;
        this.courts = courts;
        this.attendance = attendance;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
        this.refunds = new DeskRefunds(payments, till, staff, tasks, notices, i18n);
        this.today = today;
        date.set(today); // the desk's day: today's bookings, the ones students come with
        selected.addListener((obs, old, now) -> loadDetails());
    }

    public void loadCourts() {
        tasks.run(i18n.t("courts.load"), courts::list, list -> {
            CourtFilter keep = court.get();
            courtChoices.setAll(list.stream().map(CourtFilter::of).toList());
            court.set(courtChoices.contains(keep) ? keep : null);
        });
    }

    /**
     * Searches by the filters. The text field takes what a student shows or says at the desk — a name or part of it, a
     * student id, a whole or partial order number, a check-in code — among the bookings of the days around the date
     * (today's when no date is set); a whole order number or a code finds its booking on any day. No text: the date's
     * bookings (every date's when none is set). Enter in the field searches too.
     */
    public void search() {
        String text = student.get() == null ? "" : student.get().strip();
        ReservationStatus wanted = status.get();
        LocalDate day = date.get();
        Long courtId = court.get() == null ? null : court.get().id();
        Long keep = selected.get() == null ? null : selected.get().id();
        tasks.run(i18n.t("reservations.search"), () -> find(text, wanted, day, courtId), page -> {
            rows.setAll(page.records());
            total.set(page.total());
            String found = String.format(
                    i18n.t(page.totalCapped() ? "reservations.totalMore" : "reservations.total"), page.total());
            totalText.set(
                    text.isEmpty()
                            ? found
                            : i18n.t(
                                    "reservations.totalAround",
                                    found,
                                    around(day).minusDays(SEARCH_DAYS),
                                    around(day).plusDays(SEARCH_DAYS)));
            selected.set(rows.stream()
                    .filter(r -> keep != null && r.id() == keep)
                    .findFirst()
                    .orElse(null));
        });
    }

    private ReservationPage find(String text, ReservationStatus wanted, LocalDate day, Long courtId) {
        if (text.isEmpty()) {
            return reservations.find(
                    new ReservationFilter(null, null, null, wanted, day, courtId, null, false), 1, PAGE_SIZE, staff);
        }
        LocalDate from = around(day).minusDays(SEARCH_DAYS);
        return attendance.search(text, wanted, from, around(day).plusDays(SEARCH_DAYS), courtId, 1, PAGE_SIZE, staff);
    }

    /** The day a text is looked for around: the date set, else today. */
    private LocalDate around(LocalDate day) {
        return day != null ? day : today;
    }

    void loadDetails() {
        ReservationRow row = selected.get();
        if (row == null) {
            detail.set(null);
            return;
        }
        tasks.run(i18n.t("reservations.details"), () -> payments.details(row.id(), i18n.locale(), staff), detail::set);
    }

    /** Asks — naming the reservation, saying what follows, with a reason — then cancels it. */
    public void askCancel() {
        ask(
                Destructive.of(i18n.t("reservations.cancelAction"), "", i18n.t("reservations.cancelConsequence"))
                        .withReason(),
                answer -> cancel(answer.reason()));
    }

    /**
     * Asks, then records the payment: the order the student started (WeChat Pay, simulated gateway) named with its
     * amount and marked paid; with no such order, the money is taken at the desk — cash or card, the slot's price —
     * as on the board, never a promise the engine then refuses.
     */
    public void askMarkPaid() {
        ReservationDetailsView known = detail.get();
        Optional<PayOrderView> paying = known == null
                ? Optional.empty()
                : known.payOrders().stream()
                        .filter(o -> o.status() == PayOrderStatus.PAYING)
                        .findFirst();
        if (paying.isPresent()) {
            PayOrderView order = paying.get();
            ask(
                    Destructive.of(
                            i18n.t("reservations.markPaid"),
                            "",
                            i18n.t("reservations.markPaidOrder", order.outTradeNo(), Inputs.yuan(order.amountCents()))
                                    + "\n"
                                    + i18n.t("reservations.markPaidConsequence")),
                    answer -> markPaid(order.outTradeNo()));
            return;
        }
        ReservationRow row = selected.get();
        if (row == null || row.priceCents() == null) {
            return;
        }
        String amount = "¥" + Inputs.yuan(row.priceCents());
        ask(
                Destructive.of(
                                i18n.t("board.takePayment", amount),
                                "",
                                i18n.t("reservations.markPaidNoOrder") + "\n"
                                        + i18n.t("board.takePaymentConsequence", amount))
                        .withOption(i18n.t("board.byCard")),
                answer -> payAtDesk(row.priceCents(), answer.option() ? DeskChannel.CARD : DeskChannel.CASH));
    }

    /** Takes the selected reservation's price at the desk (its pay order with channel DESK, paid now). */
    public void payAtDesk(int expectedCents, DeskChannel channel) {
        act("checkIn.payAtDesk", id -> attendance.payAtDesk(id, expectedCents, channel, staff));
    }

    /**
     * Asks — naming the reservation, what is left of its payment and where it goes in the way it was paid, with a
     * reason and the cut-off override — then refunds it.
     */
    public void askRefund() {
        ReservationRow row = selected.get();
        if (row != null) {
            refunds.askWhole(row.id(), target(row), this::reread);
        }
    }

    private void ask(Destructive step, Consumer<Destructive.Answer> then) {
        ReservationRow row = selected.get();
        if (row == null) {
            return;
        }
        notices.confirm(new Destructive(
                        step.action(), target(row), step.consequence(), step.needsReason(), step.option()))
                .ifPresent(then);
    }

    /** The reservation as staff see it: student, court and time. */
    String target(ReservationRow row) {
        String student = row.studentName() == null ? row.studentId() : row.studentName() + " (" + row.studentId() + ")";
        return i18n.t("reservations.target", student, row.courtName(), row.slotDate(), row.startTime(), row.endTime());
    }

    public void cancel(String reason) {
        act("reservations.cancel", id -> reservations.cancelByStaff(id, reason, staff));
    }

    public void markPaid(String outTradeNo) {
        act("reservations.markPaid", id -> payments.markOrderPaid(outTradeNo, staff));
    }

    public void resync() {
        act("reservations.resync", id -> openings.resync(selected.get().sessionId(), staff));
    }

    private void act(String key, java.util.function.LongFunction<Object> action) {
        ReservationRow row = selected.get();
        if (row == null) {
            return;
        }
        Callable<Object> work = () -> action.apply(row.id());
        tasks.run(i18n.t(key), work, done -> {
            notices.info(i18n.t("reservations.done", i18n.t(key), target(row)));
            reread();
        });
    }

    /** The list and the chosen reservation's details read again, once something was done to it. */
    private void reread() {
        search();
        loadDetails();
    }

    /**
     * Refunds part of the selected reservation's payment: {@code yuan} as staff typed it ("5", "5.00", "0.5"), more
     * than nothing and in whole cents; a reason for the history. What cannot be used is refused with a message and
     * nothing is asked of the engine; the reservation stays confirmed.
     */
    public void refundPart(String yuan, String reason) {
        ReservationRow row = selected.get();
        if (row == null) {
            return;
        }
        String what = i18n.t("reservations.refundPart");
        int cents;
        try {
            cents = partCents(i18n, yuan);
            if (reason == null || reason.isBlank()) {
                throw new InputRefused(i18n.t("reservations.reasonRequired"));
            }
        } catch (InputRefused refused) {
            notices.failed(what, refused);
            return;
        }
        refunds.part(row.id(), cents, reason.strip(), target(row), this::reread);
    }

    /** Why {@code yuan} cannot be refunded in part ("" when it can), for the dialog to say as staff type. */
    public String partAmountProblem(String yuan) {
        try {
            partCents(i18n, yuan);
            return "";
        } catch (InputRefused refused) {
            return refused.getMessage();
        }
    }

    /**
     * Yuan as staff type them ("5", "5.00", "0.5") to cents, exactly: more than nothing, at most two decimals; else
     * refused with a message saying what is wanted.
     */
    static int partCents(I18n i18n, String yuan) {
        String typed = yuan == null ? "" : yuan.strip();
        try {
            BigDecimal cents = new BigDecimal(typed).movePointRight(2);
            if (cents.signum() <= 0 || cents.stripTrailingZeros().scale() > 0) {
                throw new NumberFormatException();
            }
            return cents.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InputRefused(i18n.t("reservations.badPartAmount", typed));
        }
    }

    /** What the selected reservation's paid order has given back so far, and what is left ("" when not known). */
    public String refundPartContext() {
        ReservationDetailsView known = detail.get();
        if (known == null) {
            return "";
        }
        return known.payOrders().stream()
                .filter(o -> o.status() == PayOrderStatus.SUCCESS && o.amountCents() != null)
                .reduce((first, second) -> second)
                .map(this::left)
                .orElse("");
    }

    private String left(PayOrderView paid) {
        int refunded = paid.refundedCents();
        return i18n.t(
                "reservations.refundPartLeft",
                Inputs.yuan(paid.amountCents()),
                Inputs.yuan(refunded),
                Inputs.yuan(paid.amountCents() - refunded));
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ObjectProperty<CourtFilter> courtProperty() {
        return court;
    }

    public StringProperty studentProperty() {
        return student;
    }

    public ObjectProperty<ReservationStatus> statusProperty() {
        return status;
    }

    public ObservableList<CourtFilter> courtChoices() {
        return courtChoices;
    }

    public ObservableList<ReservationRow> rows() {
        return rows;
    }

    public LongProperty totalProperty() {
        return total;
    }

    /** How many were found, in words: "1000+" when the engine stopped counting (there are more). */
    public StringProperty totalTextProperty() {
        return totalText;
    }

    public ObjectProperty<ReservationRow> selectedProperty() {
        return selected;
    }

    public ObjectProperty<ReservationDetailsView> detailProperty() {
        return detail;
    }

    /** A court to filter by. */
    public record CourtFilter(long id, String name) {
        static CourtFilter of(CourtView court) {
            return new CourtFilter(court.id(), court.courtName());
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
