package com.courtrush.report.api;

import java.math.BigDecimal;

/** Places held of those offered at one starting hour over a report's range, every court of it together. */
public record HourUse(int hour, int places, int held, BigDecimal percent) {}
