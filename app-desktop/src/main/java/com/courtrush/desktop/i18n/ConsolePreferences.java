package com.courtrush.desktop.i18n;

import java.util.Locale;
import java.util.prefs.Preferences;

/**
 * The console's own preferences (the language), kept in the user's Java preferences. The system
 * property {@code courtrush.console.locale} (zh-CN or en) overrides them, e.g. for tests.
 */
public final class ConsolePreferences {

    public static final String LOCALE_PROPERTY = "courtrush.console.locale";
    private static final String LOCALE_KEY = "locale";

    private final Preferences node = Preferences.userNodeForPackage(ConsolePreferences.class);

    public Locale locale() {
        String forced = System.getProperty(LOCALE_PROPERTY);
        String tag = forced != null && !forced.isBlank() ? forced : node.get(LOCALE_KEY, I18n.CHINESE.toLanguageTag());
        return Locale.forLanguageTag(tag);
    }

    /** Remembers the language, unless it was forced for this run (tests, screenshots). */
    public void saveLocale(Locale locale) {
        String forced = System.getProperty(LOCALE_PROPERTY);
        if (forced == null || forced.isBlank()) {
            node.put(LOCALE_KEY, locale.toLanguageTag());
        }
    }
}
