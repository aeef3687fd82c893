package com.courtrush.pay.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * A reconciliation of one day's orders with WeChat Pay's bill of that day (issue 52): how many payments and refunds
 * matched, were only at WeChat Pay, only here, or differ in amount, and each one that did not match (every one,
 * matched too, when {@code items} were asked for).
 *
 * @param status DONE, or FAILED with what went wrong in {@code detail}
 */
public record ReconciliationView(
        long id,
        LocalDate billDate,
        LocalDateTime time,
        String actor,
        String status,
        int matched,
        int onlyThere,
        int onlyHere,
        int differs,
        String detail,
        List<Item> items) {

    /** Whether anything did not match. */
    public boolean mismatched() {
        return onlyThere + onlyHere + differs > 0;
    }

    /**
     * One payment or refund: its number, its order's, the amounts here and there (null where it is missing).
     *
     * @param outcome MATCHED, ONLY_THERE (at WeChat Pay only), ONLY_HERE, DIFFERS
     */
    public record Item(
            String kind, String number, String outTradeNo, Integer hereCents, Integer thereCents, String outcome) {}
}
