package com.courtrush.report.api;

import com.courtrush.account.api.Category;
import java.math.BigDecimal;

/**
 * What one booking category (SPEC §21: students, faculty) booked and paid over a report's range, each booking counted
 * by the category it was granted as.
 *
 * @param sold bookings recorded (kept or cancelled since); paid: those with a payment received
 */
public record CategoryFigures(
        Category category, int sold, int paid, BigDecimal revenueYuan, BigDecimal refundsYuan, BigDecimal netYuan) {}
