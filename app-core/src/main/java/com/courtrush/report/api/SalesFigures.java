package com.courtrush.report.api;

import com.courtrush.reserve.api.CancelReason;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;

/**
 * One play date's figures (the total's {@code date} is null); money in yuan.
 *
 * @param cancelled by reason: USER, TIMEOUT, REFUND, STAFF, NO_SHOW (not checked in by the start and grace)
 * @param checkedIn places the desk checked in
 * @param offersTaken places offered from the waitlist and taken; {@code offersDeclined}, {@code offersExpired}:
 *     passed on
 */
public record SalesFigures(
        LocalDate date,
        int offered,
        int sold,
        int held,
        int paid,
        Map<CancelReason, Integer> cancelled,
        int refunded,
        int unsold,
        BigDecimal revenueYuan,
        BigDecimal refundsYuan,
        BigDecimal netYuan,
        int checkedIn,
        int offersTaken,
        int offersDeclined,
        int offersExpired) {}
