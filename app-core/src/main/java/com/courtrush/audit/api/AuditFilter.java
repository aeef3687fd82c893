package com.courtrush.audit.api;

import com.courtrush.core.SheetFormat;
import java.time.LocalDate;

/** What to find in the audit trail; null (or blank) parts match anything; dates are inclusive. */
public record AuditFilter(
        String targetType, String targetId, String actor, String action, LocalDate from, LocalDate to) {

    /** e.g. courtrush-audit-2026-11-25.xlsx, courtrush-audit-2026-11-01_2026-11-25.csv, courtrush-audit.csv */
    public String fileName(SheetFormat format) {
        if (from == null && to == null) {
            return format.fileName("courtrush-audit");
        }
        String first = from == null ? "" : from.toString();
        String last = to == null ? "" : to.toString();
        return format.fileName("courtrush-audit-" + (first.equals(last) ? first : first + "_" + last));
    }
}
