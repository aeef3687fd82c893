package com.courtrush.core;

import java.text.MessageFormat;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The engine's texts for people — refusals and errors — in {@code messages/engine*.properties}:
 * English and Simplified Chinese. The HTTP API answers in the request's language (English when it
 * names none); the console in its own.
 */
public final class EngineMessages {

    public static final String BUNDLE = "messages.engine";

    private EngineMessages() {}

    public static String format(Locale locale, String key, Object... args) {
        Locale chosen = chosen(locale);
        String pattern;
        try {
            pattern = bundle(chosen).getString(key);
        } catch (MissingResourceException e) {
            return key;
        }
        // always a MessageFormat, with or without arguments: the bundles quote an apostrophe as '' throughout
        Object[] shown = args == null ? new Object[0] : plain(args);
        for (int i = 0; i < shown.length; i++) {
            if (shown[i] instanceof EngineText nested) {
                shown[i] = nested.in(chosen); // a reason inside a message reads in the message's language
            }
        }
        return new MessageFormat(pattern, chosen).format(shown);
    }

    /** Whether the engine has a text for {@code key} in {@code locale}'s language (English unless Chinese). */
    public static boolean has(Locale locale, String key) {
        return key != null && bundle(chosen(locale)).containsKey(key);
    }

    /**
     * Of a name the engine keeps in both languages (a venue's, a sport's), the one for {@code locale}: Chinese for
     * Chinese, else English — as the engine's own texts are chosen.
     */
    public static String either(Locale locale, String zh, String en) {
        return chosen(locale).equals(Locale.SIMPLIFIED_CHINESE) ? zh : en;
    }

    private static Locale chosen(Locale locale) {
        return locale != null && "zh".equals(locale.getLanguage()) ? Locale.SIMPLIFIED_CHINESE : Locale.ROOT;
    }

    private static ResourceBundle bundle(Locale chosen) {
        return ResourceBundle.getBundle(
                BUNDLE, chosen, ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /**
     * Arguments as people read them, the same in the engine's texts, the console's and the audit trail's: numbers as
     * written (ids must not read "12,345"), a wall time as {@link #wallTime}.
     */
    public static Object[] plain(Object[] args) {
        Object[] plain = args.clone();
        for (int i = 0; i < plain.length; i++) {
            plain[i] = plain(plain[i]);
        }
        return plain;
    }

    /** One argument as {@link #plain(Object[])} shows it; anything else as it is. */
    public static Object plain(Object arg) {
        if (arg instanceof Number number) {
            return number.toString();
        }
        if (arg instanceof LocalDateTime time) {
            return wallTime(time);
        }
        return arg;
    }

    /** A wall time as "2026-11-26 09:00" — never ISO's "T" — with its seconds only when it has some. */
    public static String wallTime(LocalDateTime time) {
        LocalDateTime shown = time.withNano(0);
        return (shown.getSecond() == 0 ? MINUTES : SECONDS).format(shown);
    }

    public static String english(String key, Object... args) {
        return format(Locale.ROOT, key, args);
    }
}
