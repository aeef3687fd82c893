package com.courtrush.web;

import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Ids and numbers in paths and query strings are plain decimals. Spring's own conversion also reads
 * {@code 0x10} as 16, {@code +16} and {@code " 16"} as 16 (when its conversion service refuses a
 * value it falls back to property editors that do), so one id would have several spellings.
 */
@ControllerAdvice
class WebInputs {

    @InitBinder
    void decimalNumbers(WebDataBinder binder) {
        binder.registerCustomEditor(long.class, new Decimal(Long::valueOf, false));
        binder.registerCustomEditor(Long.class, new Decimal(Long::valueOf, true));
        binder.registerCustomEditor(int.class, new Decimal(Integer::valueOf, false));
        binder.registerCustomEditor(Integer.class, new Decimal(Integer::valueOf, true));
    }

    /** The text when it is an optional minus and decimal digits only; else a refusal (400). */
    static String decimal(String text) {
        int start = text.startsWith("-") ? 1 : 0;
        if (start == text.length() || text.length() > 20) {
            throw new IllegalArgumentException("not a decimal number");
        }
        for (int i = start; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                throw new IllegalArgumentException("not a decimal number");
            }
        }
        return text;
    }

    private static final class Decimal extends PropertyEditorSupport {

        private final Function<String, ? extends Number> parse;
        private final boolean nullable;

        Decimal(Function<String, ? extends Number> parse, boolean nullable) {
            this.parse = parse;
            this.nullable = nullable;
        }

        @Override
        public void setAsText(String text) {
            if (text == null || text.isEmpty()) {
                if (!nullable) {
                    throw new IllegalArgumentException("a number is required");
                }
                setValue(null);
                return;
            }
            setValue(parse.apply(decimal(text)));
        }
    }
}
