package com.courtrush.staff.api;

/** What withdrawing a slot does: unpaid reservations cancelled and paid ones refunded (or to be). */
public record WithdrawalImpact(long slotId, int unpaid, int paid) {}
