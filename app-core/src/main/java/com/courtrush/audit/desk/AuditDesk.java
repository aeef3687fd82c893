package com.courtrush.audit.desk;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditFilter;
import com.courtrush.audit.api.AuditPage;
import com.courtrush.core.SheetFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * What staff read of the audit trail, at the console or over HTTP: who did what to which record, found by a
 * filter; the engine's wording of each detail in the reader's language.
 */
@Component
public class AuditDesk {

    /** The most entries one look shows; the export holds more ({@link AuditTrail#EXPORT_MOST}). */
    public static final int PAGE = 500;

    private final AuditTrail audit;

    public AuditDesk(AuditTrail audit) {
        this.audit = audit;
    }

    /** The newest {@link #PAGE} entries matching {@code filter}, and how many match in all. */
    public AuditPage find(AuditFilter filter, Locale locale) {
        return audit.find(filter, 1, PAGE, locale);
    }

    /** A page of the entries matching {@code filter}, newest first, and how many match in all. */
    public AuditPage find(AuditFilter filter, int page, int size, Locale locale) {
        return audit.find(filter, page, size, locale);
    }

    /** The entries matching {@code filter} as a workbook or CSV, in {@code locale}; see {@link AuditTrail#export}. */
    public byte[] export(AuditFilter filter, SheetFormat format, Locale locale) {
        return audit.export(filter, format, locale);
    }

    /** Up to {@link AuditTrail#EXPORT_MOST} entries matching {@code filter}, newest first. */
    public List<AuditEntry> all(AuditFilter filter, Locale locale) {
        return audit.newest(filter, AuditTrail.EXPORT_MOST, locale);
    }

    /** The actions the trail holds. */
    public List<String> actions() {
        return audit.actions();
    }

    /** The trail's actors that are not students: staff accounts, the admin token, the engine's jobs. */
    public List<String> staffActors() {
        return audit.staffActors();
    }

    /**
     * The role each staff account has now (STAFF or MANAGER), keyed by the actor the trail names it with
     * ("staff:m001"): so a filter's choice or a name inside a detail reads "m001 (manager)" as the entries do.
     */
    public Map<String, String> staffRoles() {
        return audit.staffRoles();
    }
}
