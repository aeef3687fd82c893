package com.courtrush.audit.api;

import java.util.List;

/** A page of audit entries and how many match: exact, or — {@code totalCapped} — the count reached (there are more). */
public record AuditPage(List<AuditEntry> records, long total, boolean totalCapped) {}
