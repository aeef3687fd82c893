package com.courtrush.audit.api;

import com.courtrush.core.EngineText;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An actor of the trail ("staff:mgr01", "system:backup", "admin") in words, for a detail the engine words: kept as a
 * text of its own, so a detail reads "closed by staff member mgr01" in English and in Chinese alike, never
 * "staff:mgr01".
 */
public final class AuditActors {

    /** The admin token, as the trail names it. */
    public static final String ADMIN = "admin";

    private static final Pattern NAMED = Pattern.compile("(staff|student|console|directory|wechatpay|system):(\\S+)");

    private AuditActors() {}

    /** The actor in words; null when {@code actor} is not one the trail writes. */
    public static EngineText inWords(String actor) {
        if (actor == null) {
            return null;
        }
        if (ADMIN.equals(actor)) {
            return new EngineText("audit.actor.admin");
        }
        Matcher named = NAMED.matcher(actor);
        if (!named.matches()) {
            return null;
        }
        String kind = named.group(1);
        String name = named.group(2);
        if (kind.equals("system")) {
            return Arrays.stream(SystemActor.values())
                    .filter(job -> job.job().equals(name))
                    .findFirst()
                    .map(job -> new EngineText("audit.actor.system." + job.job()))
                    .orElseGet(() -> new EngineText("audit.actor.system", name));
        }
        return new EngineText("audit.actor." + kind, name);
    }

    /** The actor in words when it is one the trail writes; anything else as it is. */
    public static Object shown(String actor) {
        EngineText words = inWords(actor);
        return words == null ? actor : words;
    }

    /** A switch turned on or off, in words, inside a detail the engine words. */
    public static EngineText onOff(boolean on) {
        return new EngineText(on ? "audit.on" : "audit.off");
    }

    /**
     * Where a sign-in's password was checked, in words inside a detail: the password kept here ("LOCAL") said so, a
     * campus protocol (CAS, OIDC, LDAP) by its name.
     */
    public static Object signInSource(String source) {
        return switch (source) {
            case "LOCAL" -> new EngineText("audit.sourceLocal");
            case "WECHAT" -> new EngineText("audit.sourceWechat");
            default -> source;
        };
    }

    /** Whether {@code text} names an actor the way the trail writes one (not "admin", which plain text may hold). */
    public static boolean looksLikeOne(String text) {
        return text != null && NAMED.matcher(text).matches();
    }
}
