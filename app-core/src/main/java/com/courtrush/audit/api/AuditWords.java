package com.courtrush.audit.api;

import com.courtrush.core.EngineMessages;
import java.util.Locale;

/**
 * An audit entry's who, what and which record in words, in a language: the one set of labels (the engine's bundles,
 * {@code audit.who.*}, {@code audit.action.*}, {@code audit.kind.*}, {@code audit.setting.*}, the jobs'
 * {@code audit.actor.system.*}) that the engine's export and the console's Audit screen both read, so the API's file
 * and the console's say the same. A code nobody has words for yet is shown as it is.
 */
public final class AuditWords {

    /** The role recorded with a staff actor: a manager. */
    public static final String MANAGER = "MANAGER";

    private AuditWords() {}

    /** Who did it, as a column reads it: "m001 (manager)", "Scheduled backup", "Admin token". */
    public static String who(AuditEntry entry, Locale locale) {
        return who(entry.actor(), entry.actorRole(), locale);
    }

    /**
     * An actor as the trail names it ("staff:2024001", "system:reconciler", "admin") in words; {@code role} the role a
     * staff member had when the entry was recorded (null in entries recorded before roles were: "staff").
     */
    public static String who(String actorName, String role, Locale locale) {
        String actor = actorName == null ? "" : actorName;
        int colon = actor.indexOf(':');
        if (colon < 0) {
            return actor.equals(AuditActors.ADMIN) ? EngineMessages.format(locale, "audit.who.admin") : actor;
        }
        String kind = actor.substring(0, colon);
        String name = actor.substring(colon + 1);
        return switch (kind) {
            case "system" ->
                EngineMessages.has(locale, "audit.actor.system." + name)
                        ? EngineMessages.format(locale, "audit.actor.system." + name)
                        : EngineMessages.format(locale, "audit.who.system", name);
            case "staff" ->
                EngineMessages.format(locale, MANAGER.equals(role) ? "audit.who.manager" : "audit.who.staff", name);
            case "console", "student", "wechatpay", "directory" ->
                EngineMessages.format(locale, "audit.who." + kind, name);
            default -> actor;
        };
    }

    /** An action as the trail names it (MARK_PAID) in words. */
    public static String what(String action, Locale locale) {
        String key = "audit.action." + action;
        return action != null && EngineMessages.has(locale, key) ? EngineMessages.format(locale, key) : action;
    }

    /** A kind of record as the trail names it (PAY_ORDER) in words. */
    public static String kind(String targetType, Locale locale) {
        String key = "audit.kind." + targetType;
        return targetType != null && EngineMessages.has(locale, key)
                ? EngineMessages.format(locale, key)
                : String.valueOf(targetType);
    }

    /**
     * The record's own name: its id ("CR20261126001"), a setting's group (WECHAT_PAY) in words, nothing ("") when the
     * kind is all there is ("-").
     */
    public static String record(String targetType, String targetId, Locale locale) {
        if (targetId == null || targetId.isBlank() || targetId.equals("-")) {
            return "";
        }
        String setting = "audit.setting." + targetId;
        return AuditTarget.SETTING.code().equals(targetType) && EngineMessages.has(locale, setting)
                ? EngineMessages.format(locale, setting)
                : targetId;
    }

    /** The record an entry is about in one: its kind in words, then its own name ("Pay order CR20261126001"). */
    public static String target(String targetType, String targetId, Locale locale) {
        String kind = kind(targetType, locale);
        String record = record(targetType, targetId, locale);
        return record.isEmpty() ? kind : kind + " " + record;
    }
}
