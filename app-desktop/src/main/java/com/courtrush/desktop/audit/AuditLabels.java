package com.courtrush.desktop.reservations;

import com.courtrush.audit.AuditLog;
import com.courtrush.desktop.i18n.I18n;

/**
 * A history entry as staff read it, in the console's language: who did it (the engine's own jobs,
 * the console's staff, the admin token, a staff or student account), what (never a raw code such as
 * MARK_PAID) and the detail (the engine's wording translated, a reason as typed).
 */
final class AuditLabels {

    private final I18n i18n;

    AuditLabels(I18n i18n) {
        this.i18n = i18n;
    }

    String who(AuditLog entry) {
        String actor = entry.getActor() == null ? "" : entry.getActor();
        int colon = actor.indexOf(':');
        if (colon < 0) {
            return actor.equals("admin") ? i18n.t("audit.actor.admin") : actor;
        }
        String kind = actor.substring(0, colon);
        String name = actor.substring(colon + 1);
        return switch (kind) {
            case "system" ->
                i18n.has("audit.actor.system." + name)
                        ? i18n.t("audit.actor.system." + name)
                        : i18n.t("audit.actor.system", name);
            case "console" -> i18n.t("audit.actor.console", name);
            case "staff" -> i18n.t("audit.actor.staff", name);
            case "student" -> i18n.t("audit.actor.student", name);
            default -> actor;
        };
    }

    String what(AuditLog entry) {
        String key = "audit.action." + entry.getAction();
        return i18n.has(key) ? i18n.t(key) : entry.getAction();
    }

    String detail(AuditLog entry) {
        return entry.detailIn(i18n.locale());
    }
}
