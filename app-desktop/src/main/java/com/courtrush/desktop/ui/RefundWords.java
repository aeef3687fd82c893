package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.api.ReceiptView;
import java.util.List;
import java.util.Optional;

/**
 * A refund told in the words of how the student paid (issue 76: a card's refund was told as cash handed back): an
 * online payment goes back to WeChat Pay by itself; one taken at the desk is given back there, as cash or to the card,
 * as its receipt says (the till keeps a desk payment's channel on its receipt; an order of before the till knew the
 * channel was cash).
 */
public final class RefundWords {

    private final I18n i18n;

    public RefundWords(I18n i18n) {
        this.i18n = i18n;
    }

    /**
     * A booking's paid order as a refund sees it.
     *
     * @param order     the order paid last, if any
     * @param channel   how it was paid: WECHAT, or CASH or CARD at the desk
     * @param leftCents what of it has not gone back yet
     */
    public record Paid(Optional<PayOrderView> order, DeskChannel channel, int leftCents) {

        /** Reads the paid order of a booking's details, and its channel from the desk's receipts. */
        public static Paid of(ReservationDetailsView details, List<ReceiptView> receipts) {
            Optional<PayOrderView> paid = details.payOrders().stream()
                    .filter(o -> o.status() == PayOrderStatus.SUCCESS && o.amountCents() != null)
                    .reduce((a, b) -> b);
            return new Paid(
                    paid,
                    paid.map(o -> channelOf(o, receipts)).orElse(DeskChannel.WECHAT),
                    paid.map(o -> o.amountCents() - o.refundedCents()).orElse(0));
        }

        private static DeskChannel channelOf(PayOrderView order, List<ReceiptView> receipts) {
            if (!order.atDesk()) {
                return DeskChannel.WECHAT;
            }
            return receipts.stream()
                    .filter(r -> !r.refund() && order.outTradeNo().equals(r.outTradeNo()))
                    .map(ReceiptView::channel)
                    .reduce((a, b) -> b)
                    .orElse(DeskChannel.CASH);
        }
    }

    /** What the refund's question says happens to {@code amount}. */
    public String consequence(DeskChannel channel, String amount) {
        return i18n.t("refund.consequence." + channel.name(), amount);
    }

    /**
     * What staff are told once a refund of {@code amount} of {@code booking}'s payment was asked, as it stands: handed
     * back at the desk; or through WeChat Pay on its way (not yet refunded), done, or not through — then the money did
     * not reach the student and staff settle it by hand (issue 74).
     */
    public String done(DeskChannel channel, RefundStatus status, String amount, String booking) {
        return channel == DeskChannel.WECHAT && status != RefundStatus.REFUNDING
                ? i18n.t("refund.done.WECHAT." + status.name(), amount, booking)
                : i18n.t("refund.done." + channel.name(), amount, booking);
    }
}
