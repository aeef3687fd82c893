package com.courtrush.desktop.ui;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.till.desk.TillDesk;

/**
 * A paid booking refunded from the console, on the board and in Reservations alike (issue 76): the question names the
 * booking and says where the money goes in the way the student paid (back to WeChat Pay, or handed back at the desk in
 * cash or to the card), and what staff are told after says it as it stands, with the booking named again.
 */
public final class DeskRefunds {

    private final PaymentDesk payments;
    private final TillDesk till;
    private final Caller staff;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final RefundWords words;

    public DeskRefunds(PaymentDesk payments, TillDesk till, Caller staff, UiTasks tasks, Notices notices, I18n i18n) {
        this.payments = payments;
        this.till = till;
        this.staff = staff;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.words = new RefundWords(i18n);
    }

    /**
     * Asks to refund what is left of booking {@code reservationId}'s payment, with a reason and the cut-off override,
     * {@code target} naming it; refunds it when staff confirm, tells them, then runs {@code then}.
     */
    public void askWhole(long reservationId, String target, Runnable then) {
        String what = i18n.t("board.refundOf", target);
        tasks.run(what, () -> paid(reservationId), paid -> {
            String amount = "¥" + Inputs.yuan(paid.leftCents());
            notices.confirm(Destructive.of(
                                    i18n.t("board.refund", amount), target, words.consequence(paid.channel(), amount))
                            .withReason()
                            .withOption(i18n.t("reservations.overrideCutoff")))
                    .ifPresent(answer -> tasks.run(
                            what,
                            () -> payments.refund(reservationId, staff, answer.reason(), answer.option()),
                            refunded -> {
                                notices.info(told(paid, refunded, target));
                                then.run();
                            }));
        });
    }

    /**
     * Refunds {@code cents} of booking {@code reservationId}'s payment, the booking staying as it is; tells staff as
     * it stands, then runs {@code then}.
     */
    public void part(long reservationId, int cents, String reason, String target, Runnable then) {
        tasks.run(
                i18n.t("reservations.refundPart"),
                () -> {
                    RefundWords.Paid paid = paid(reservationId);
                    return told(paid, payments.refundPart(reservationId, cents, reason, staff), target);
                },
                said -> {
                    notices.info(said);
                    then.run();
                });
    }

    private RefundWords.Paid paid(long reservationId) {
        return RefundWords.Paid.of(
                payments.details(reservationId, i18n.locale(), staff), till.receiptsOf(reservationId, staff));
    }

    private String told(RefundWords.Paid paid, Refunded refunded, String target) {
        return words.done(paid.channel(), refunded.refundStatus(), "¥" + Inputs.yuan(refunded.amountCents()), target);
    }
}
