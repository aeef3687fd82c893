package com.courtrush.desktop.audit;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.desktop.i18n.I18n;

/**
 * A history entry as staff read it, in the console's language: who did it (the engine's own jobs,
 * the console's staff, the admin token, a staff or student account, the campus directory), what (never a raw code
 * such as MARK_PAID), to which kind of record (never PAY_ORDER); the detail comes from the desk in the console's
 * language ({@code AuditEntry#detail}).
 */
public final class AuditLabels {

    private final I18n i18n;

    public AuditLabels(I18n i18n) {
        this.i18n = i18n;
    }

    public String who(AuditEntry entry) {
        return who(entry.actor());
    }

    /** An actor as the trail names it ("staff:2024001", "system:reconciler", "admin"), in words. */
    public String who(String actorName) {
        String actor = actorName == null ? "" : actorName;
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
            case "wechatpay" -> i18n.t("audit.actor.wechatpay", name);
            case "directory" -> i18n.t("audit.actor.directory", name);
            default -> actor;
        };
    }

    public String what(AuditEntry entry) {
        return what(entry.action());
    }

    /** An action as the trail names it (MARK_PAID), in words. */
    public String what(String action) {
        String key = "audit.action." + action;
        return i18n.has(key) ? i18n.t(key) : action;
    }

    /** The record an entry is about: its kind in words, and its id (none when the kind is all there is: "-"). */
    public String target(AuditEntry entry) {
        String kind = kind(entry.targetType());
        String id = entry.targetId();
        if (id == null || id.isBlank() || id.equals("-")) {
            return kind;
        }
        // a setting's group (WECHAT_PAY, NOTICE_CHANNELS) is named in words, a record by its id
        String setting = "audit.setting." + id;
        return "SETTING".equals(entry.targetType()) && i18n.has(setting)
                ? kind + " " + i18n.t(setting)
                : kind + " " + id;
    }

    /** A kind of record as the trail names it (PAY_ORDER), in words. */
    public String kind(String targetType) {
        String key = "audit.kind." + targetType;
        return targetType != null && i18n.has(key) ? i18n.t(key) : String.valueOf(targetType);
    }
}
