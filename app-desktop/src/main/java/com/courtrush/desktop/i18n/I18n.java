package com.courtrush.desktop.i18n;

import com.courtrush.core.EngineMessages;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Every string the console shows, from {@code i18n/messages*.properties}: Simplified Chinese by default, English. */
public final class I18n {

    public static final String BUNDLE = "i18n.messages";
    public static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;
    public static final Locale ENGLISH = Locale.ENGLISH;
    public static final List<Locale> SUPPORTED = List.of(CHINESE, ENGLISH);

    private static final Logger log = LoggerFactory.getLogger(I18n.class);

    private final Locale locale;
    private final ResourceBundle bundle;

    private I18n(Locale locale) {
        this.locale = locale;
        this.bundle = ResourceBundle.getBundle(
                BUNDLE, locale, ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    public static I18n of(Locale locale) {
        return new I18n(ENGLISH.getLanguage().equals(locale.getLanguage()) ? ENGLISH : CHINESE);
    }

    public Locale locale() {
        return locale;
    }

    /** The text of {@code key}, with {@code {0}}-style arguments filled in. */
    public String t(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            log.warn("Missing console text '{}' for {}", key, locale);
            return "!" + key + "!";
        }
        // ids and counts as written, never "12,345"; a wall time as the engine writes it, never ISO's "T"
        Object[] plain = EngineMessages.plain(args);
        return args.length == 0 ? pattern : new MessageFormat(pattern, locale).format(plain);
    }

    /** Whether the console has a text for {@code key}. */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** Of a name the engine keeps in both languages (a venue's, a sport's), the console's. */
    public String either(String zh, String en) {
        return CHINESE.equals(locale) ? zh : en;
    }

    /** The text of an enum constant: key {@code enum.<Type>.<NAME>}. */
    public String of(Enum<?> value) {
        return value == null ? "" : t("enum." + value.getDeclaringClass().getSimpleName() + "." + value.name());
    }
}
