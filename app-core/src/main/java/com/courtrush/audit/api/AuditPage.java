package com.courtrush.audit.api;

import java.util.List;

/** A page of audit entries and how many match. */
public record AuditPage(List<AuditEntry> records, long total) {}
