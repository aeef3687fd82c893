package com.courtrush.pay;

import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import java.time.LocalDateTime;
import java.util.Map;

/**
 * A payment provider: {@link SimulatedWechatGateway} (the default: no merchant credentials, no money moves; success
 * arrives through staff's "mark paid") or {@link WechatPayGateway} (WeChat Pay APIv3 through its official SDK, with
 * the merchant's credentials a manager set). {@link PaymentGateways} says which one makes new orders and which
 * one an order was made at.
 */
public interface PaymentGateway {

    /** The channel written on orders, e.g. WECHAT. */
    String channel();

    /** True when no real money moves; shown to staff and students. */
    boolean simulated();

    /** The merchant id written on the orders this gateway makes; null when simulated. */
    String merchant();

    /** The payee's name students see at WeChat Pay; null when simulated. */
    String payee();

    /** Whether a student can pay here in {@code scene}. */
    default boolean takes(PayScene scene) {
        return true;
    }

    /**
     * Asks the provider for a payment of the order; returns what the student's client opens. Throws {@link
     * PaidAlready} when the provider says the order is paid (its notification may never have come).
     */
    Invite prepay(PayOrder order, String description, PayScene scene, Payer payer);

    /**
     * The provider refused to ask for a payment of an order because it is paid already (WeChat Pay's {@code
     * ORDERPAID}): not a refusal to show the student, but news of a payment to settle (issue 74).
     */
    final class PaidAlready extends RuntimeException {
        public PaidAlready(String outTradeNo) {
            super("order " + outTradeNo + " is paid already at the provider");
        }
    }

    /**
     * Who pays: the address of their browser (H5), and their openid at the gym's official account (JSAPI only).
     */
    record Payer(String clientIp, String openId) {}

    /** What the provider knows of the order's payment now. Throws when the provider cannot be asked. */
    Trade query(PayOrder order);

    /** Closes the order at the provider, so it can no longer be paid; a paid one answers {@link Trade#paid()}. */
    Trade close(PayOrder order);

    /** Gives {@code refund}'s money back of the order. Throws when the provider refuses, so the caller rolls back. */
    RefundAnswer refund(PayOrder order, PayRefund refund);

    /** Where a refund stands at the provider. Throws when the provider cannot be asked. */
    RefundAnswer queryRefund(PayOrder order, PayRefund refund);

    /**
     * What the student's client opens to pay: a page to go to (H5 and the simulator), a code to show as a QR
     * code (Native), or the parameters for WeChat's own browser (JSAPI).
     */
    record Invite(String h5Url, String codeUrl, Map<String, String> jsapi) {
        public static Invite code(String codeUrl) {
            return new Invite(null, codeUrl, null);
        }
    }

    /**
     * A payment as the provider sees it.
     *
     * @param paidCents what the student paid (null unless PAID)
     */
    record Trade(State state, String transactionId, Integer paidCents, LocalDateTime paidAt) {
        public enum State {
            /** Unknown to the provider (never prepaid, or prepaid elsewhere). */
            NOT_FOUND,
            /** Not paid yet; still payable. */
            UNPAID,
            /** Paid (refunds since do not change that it was). */
            PAID,
            /** Closed or revoked before payment. */
            CLOSED
        }

        public static Trade of(State state) {
            return new Trade(state, null, null, null);
        }

        public boolean paid() {
            return state == State.PAID;
        }
    }

    /** A refund as the provider answered it; a null status: the provider has no refund of that number. */
    record RefundAnswer(RefundStatus status, String refundId, LocalDateTime successTime) {
        /** The provider never received the refund (its answer was lost before it got there): send it again. */
        public static RefundAnswer unknownThere() {
            return new RefundAnswer(null, null, null);
        }

        public boolean unknown() {
            return status == null;
        }
    }
}
