package com.courtrush.desktop.board;

import com.courtrush.account.api.Caller;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.DeskRefunds;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.StudentLookup;
import com.courtrush.desktop.ui.TakePayment;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.desk.TillDesk;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * What staff do to a booking from a cell of the board: check it in, take its payment (its amount shown and
 * confirmed), cancel it, refund it in the words of how it was paid, or book a walk-in into a free place. Every question
 * and every answer names whose booking it is: the student (name and id), the court, the day and the hours.
 */
public final class BoardActions {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final AttendanceDesk attendance;
    private final PaymentDesk payments;
    private final ReservationDesk reservations;
    private final TillDesk till;
    private final StudentDesk students;
    private final Caller staff;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    /** Reads the board again once something was done. */
    private final Runnable refresh;
    /** A court's name by its id, as the board shows it. */
    private final LongFunction<String> courtName;

    BoardActions(
            AttendanceDesk attendance,
            PaymentDesk payments,
            ReservationDesk reservations,
            TillDesk till,
            StudentDesk students,
            Caller staff,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Runnable refresh,
            LongFunction<String> courtName) {
        this.attendance = attendance;
        this.payments = payments;
        this.reservations = reservations;
        this.till = till;
        this.students = students;
        this.staff = staff;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.refresh = refresh;
        this.courtName = courtName;
    }

    /** The booking as staff are asked about it: who, where and when. */
    public String target(DeskBookingView booking) {
        return i18n.t(
                "board.target",
                booking.studentName(),
                booking.studentId(),
                booking.courtName(),
                booking.slotDate(),
                TIME.format(booking.startTime()) + "–" + TIME.format(booking.endTime()));
    }

    /** Checks the booking in (from half an hour before its start to its end; the engine says when not). */
    public void checkIn(DeskBookingView booking) {
        String task = i18n.t("board.checkInOf", target(booking)); // a refusal's dialog names the booking
        tasks.run(task, () -> attendance.checkIn(booking.reservationId(), staff), done -> {
            notices.info(i18n.t("board.checkedIn", target(done)));
            refresh.run();
        });
    }

    /**
     * Takes the booking's payment at the desk once staff have seen its amount and confirmed it; the engine takes
     * exactly that amount or refuses (the price changed meanwhile).
     */
    public void payAtDesk(DeskBookingView booking) {
        String amount = "¥" + Inputs.yuan(booking.amountCents());
        Optional<DeskChannel> chosen = TakePayment.ask(notices, i18n, amount, target(booking));
        if (chosen.isEmpty()) {
            return;
        }
        DeskChannel channel = chosen.get();
        tasks.run(
                i18n.t("board.takePaymentOf", target(booking)),
                () -> attendance.payAtDesk(booking.reservationId(), booking.amountCents(), channel, staff),
                paid -> {
                    notices.info(i18n.t("board.paidDone", amount + " (" + i18n.of(channel) + ")", target(paid)));
                    refresh.run();
                });
    }

    /** Cancels an unpaid booking, with a reason (audited); the place goes back on sale or to the waitlist. */
    public void cancel(DeskBookingView booking) {
        notices.confirm(Destructive.of(
                                i18n.t("reservations.cancelAction"),
                                target(booking),
                                i18n.t("reservations.cancelConsequence"))
                        .withReason())
                .ifPresent(answer -> tasks.run(
                        i18n.t("board.cancelOf", target(booking)),
                        () -> reservations.cancelByStaff(booking.reservationId(), answer.reason(), staff),
                        done -> {
                            notices.info(i18n.t("board.cancelled", target(booking)));
                            refresh.run();
                        }));
    }

    /**
     * Refunds a paid booking whole, its amount seen and confirmed, with a reason; the dialog says where the money goes
     * in the way the student paid: back to WeChat Pay, or handed back at the desk in cash or to the card.
     */
    public void refund(DeskBookingView booking) {
        new DeskRefunds(payments, till, staff, tasks, notices, i18n)
                .askWhole(booking.reservationId(), target(booking), refresh);
    }

    /**
     * Books a walk-in into a free place of a slot running now, takes its payment (shown and confirmed), checks in. The
     * question names the student as the list of students has them, the court and the hours; an id nobody has is told
     * before anything is asked.
     */
    public void walkIn(DeskBoard.Cell slot, LocalDate day, String studentId) {
        String id = studentId == null ? "" : studentId.strip();
        if (slot == null || !slot.running() || slot.placesLeft() <= 0 || id.isEmpty()) {
            return;
        }
        String hours = TIME.format(slot.startTime()) + "–" + TIME.format(slot.endTime());
        String court = courtName.apply(slot.courtId());
        tasks.run(i18n.t("walkIn.open"), () -> StudentLookup.named(students, id), student -> {
            if (student.isEmpty()) {
                notices.failed(i18n.t("walkIn.open"), new InputRefused(i18n.t("board.walkInUnknown", id)));
                return;
            }
            String who = i18n.t("board.target", student.get().name(), id, court, day, hours);
            // what this student pays (SPEC §21): their category's price, as the engine will fix it
            Integer cents = slot.priceFor(student.get().category());
            if (cents == null) {
                notices.failed(
                        i18n.t("walkIn.open"),
                        new InputRefused(i18n.t(
                                "walkIn.notAdmitted",
                                student.get().name(),
                                i18n.of(student.get().category()))));
                return;
            }
            String amount = "¥" + Inputs.yuan(cents);
            Optional<Destructive.Answer> yes = notices.confirm(
                    Destructive.of(i18n.t("board.takePayment", amount), who, i18n.t("board.walkInConsequence", amount))
                            .withOption(i18n.t("board.byCard")));
            if (yes.isEmpty()) {
                return;
            }
            DeskChannel channel = yes.get().option() ? DeskChannel.CARD : DeskChannel.CASH;
            int shown = cents; // the amount the desk confirmed: refused, booking nothing, if it changed
            tasks.run(
                    i18n.t("board.walkInOf", who),
                    () -> attendance.walkIn(slot.slotId(), id, channel, shown, staff),
                    booked -> {
                        notices.info(i18n.t("board.paidDone", amount + " (" + i18n.of(channel) + ")", target(booked)));
                        refresh.run();
                    });
        });
    }
}
