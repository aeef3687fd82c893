package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.till.api.DeskChannel;
import java.util.Optional;

/** The question before money is taken at the desk, on the board and at check-in alike: the amount, the booking, how. */
public final class TakePayment {

    private TakePayment() {}

    /**
     * Asks to take {@code amount} ("¥20.00") for the booking {@code target} names; the channel chosen (cash, or card
     * when its option is ticked), empty when staff decline.
     */
    public static Optional<DeskChannel> ask(Notices notices, I18n i18n, String amount, String target) {
        return notices.confirm(Destructive.of(
                                i18n.t("board.takePayment", amount),
                                target,
                                i18n.t("board.takePaymentConsequence", amount))
                        .withOption(i18n.t("board.byCard")))
                .map(answer -> answer.option() ? DeskChannel.CARD : DeskChannel.CASH);
    }
}
