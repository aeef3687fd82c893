package com.courtrush.audit.api;

import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import java.util.List;
import org.springframework.stereotype.Component;

/** What the staff console reads of the audit trail: who did what to which record, found by a filter. */
@Component
public class AuditDesk {

    /** The most entries one look shows; the export holds more ({@link AuditTrail#EXPORT_MOST}). */
    public static final int PAGE = 500;

    private final AuditTrail audit;

    public AuditDesk(AuditTrail audit) {
        this.audit = audit;
    }

    /** The newest {@link #PAGE} entries matching {@code filter}, and how many match in all. */
    public AuditTrail.PageOf<AuditLog> find(AuditTrail.Filter filter) {
        return audit.find(filter, 1, PAGE);
    }

    /** A page of the entries matching {@code filter}, newest first, and how many match in all. */
    public AuditTrail.PageOf<AuditLog> find(AuditTrail.Filter filter, int page, int size) {
        return audit.find(filter, page, size);
    }

    /** The entries matching {@code filter} as CSV for spreadsheets, in {@code locale}; see {@link AuditTrail#export}. */
    public byte[] export(AuditTrail.Filter filter, java.util.Locale locale) {
        return audit.export(filter, locale);
    }

    /** Up to {@link AuditTrail#EXPORT_MOST} entries matching {@code filter}, newest first. */
    public List<AuditLog> all(AuditTrail.Filter filter) {
        return audit.newest(filter, AuditTrail.EXPORT_MOST);
    }

    /** The actions the trail holds. */
    public List<String> actions() {
        return audit.actions();
    }

    /** The trail's actors that are not students: staff accounts, the admin token, the engine's jobs. */
    public List<String> staffActors() {
        return audit.staffActors();
    }
}
