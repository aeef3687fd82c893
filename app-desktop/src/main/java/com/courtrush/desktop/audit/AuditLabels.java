package com.courtrush.desktop.audit;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditWords;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.desktop.i18n.I18n;
import java.util.Map;

/**
 * A history entry as staff read it, in the console's language: who did it (the engine's own jobs, the console's
 * staff, a manager as one, the admin token, a staff or student account, the campus directory), what (never a raw
 * code such as MARK_PAID), to which kind of record (never PAY_ORDER); the detail comes from the desk in the console's
 * language ({@code AuditEntry#detail}). The words are the engine's ({@link AuditWords}): the API's export says the
 * same.
 */
public final class AuditLabels {

    private final I18n i18n;
    /** The role each staff account has now, by the actor the trail names it with ("staff:m001" → MANAGER). */
    private final Map<String, String> staffRoles;

    /** Labels that know no staff member's role: an actor outside an entry reads as staff. */
    public AuditLabels(I18n i18n) {
        this(i18n, Map.of());
    }

    /** Labels naming a staff actor outside an entry with the role {@code staffRoles} gives it ({@link AuditDesk}). */
    public AuditLabels(I18n i18n, Map<String, String> staffRoles) {
        this.i18n = i18n;
        this.staffRoles = Map.copyOf(staffRoles);
    }

    public String who(AuditEntry entry) {
        return AuditWords.who(entry, i18n.locale());
    }

    /**
     * An actor as the trail names it ("staff:2024001", "system:reconciler", "admin"), in words, where no role was
     * recorded with it (a filter's choice, a strike's forgiver): a staff member with the role their account has now
     * ("m001 (manager)"), as staff when it is not known.
     */
    public String who(String actorName) {
        return AuditWords.who(actorName, staffRoles.get(actorName), i18n.locale());
    }

    public String what(AuditEntry entry) {
        return what(entry.action());
    }

    /** An action as the trail names it (MARK_PAID), in words. */
    public String what(String action) {
        return AuditWords.what(action, i18n.locale());
    }

    /** The record an entry is about: its kind in words, and its id (none when the kind is all there is: "-"). */
    public String target(AuditEntry entry) {
        return AuditWords.target(entry.targetType(), entry.targetId(), i18n.locale());
    }

    /** A kind of record as the trail names it (PAY_ORDER), in words. */
    public String kind(String targetType) {
        return AuditWords.kind(targetType, i18n.locale());
    }
}
