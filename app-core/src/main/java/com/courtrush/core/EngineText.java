package com.courtrush.core;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import org.springframework.context.i18n.LocaleContextHolder;

/**
 * A text of the engine for people, kept as its message key and arguments until someone reads it:
 * the console shows it in its language ({@link #in}), an HTTP answer in the request's (it is written
 * to JSON as the text itself, in the language Spring took from Accept-Language). What the engine
 * reports inside a refusal — each overlapping slot, each bad CSV row — is one of these, so nothing a
 * staff member reads stays English in the Chinese console.
 */
@JsonSerialize(using = EngineText.Json.class)
public record EngineText(String key, Object... args) {

    public EngineText {
        args = args == null ? new Object[0] : args.clone();
    }

    /** The text in {@code locale} (English unless it is Chinese). */
    public String in(Locale locale) {
        Object[] shown = args.clone();
        for (int i = 0; i < shown.length; i++) {
            if (shown[i] instanceof EngineText nested) {
                shown[i] = nested.in(locale); // a reason inside a detail reads in the same language
            }
        }
        return EngineMessages.format(locale, key, shown);
    }

    /** English, for logs. */
    @Override
    public String toString() {
        return in(Locale.ROOT);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EngineText text && key.equals(text.key) && Arrays.equals(args, text.args);
    }

    @Override
    public int hashCode() {
        return 31 * key.hashCode() + Arrays.hashCode(args);
    }

    /** Writes the text in the language of the request being answered. */
    static final class Json extends StdSerializer<EngineText> {
        Json() {
            super(EngineText.class);
        }

        @Override
        public void serialize(EngineText text, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeString(text.in(LocaleContextHolder.getLocale()));
        }
    }
}
