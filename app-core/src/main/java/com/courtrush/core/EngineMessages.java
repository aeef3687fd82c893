package com.courtrush.core;

import java.text.MessageFormat;
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
        Locale chosen = locale != null && "zh".equals(locale.getLanguage()) ? Locale.SIMPLIFIED_CHINESE : Locale.ROOT;
        String pattern;
        try {
            pattern = ResourceBundle.getBundle(
                            BUNDLE,
                            chosen,
                            ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES))
                    .getString(key);
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

    /** Numbers as written (ids must not read "12,345"). */
    static Object[] plain(Object[] args) {
        Object[] plain = args.clone();
        for (int i = 0; i < plain.length; i++) {
            if (plain[i] instanceof Number number) {
                plain[i] = number.toString();
            }
        }
        return plain;
    }

    public static String english(String key, Object... args) {
        return format(Locale.ROOT, key, args);
    }
}
