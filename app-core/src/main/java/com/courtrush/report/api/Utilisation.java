package com.courtrush.report.api;

import java.math.BigDecimal;

/** Places held of those offered, for one court and starting hour over the range. */
public record Utilisation(String courtName, int hour, int places, int held, BigDecimal percent) {}
