package com.courtrush.reserve.api;

import java.util.List;

/** A page of the reservations staff looked for, and how many match in all. */
public record ReservationPage(List<ReservationRow> records, long total) {}
