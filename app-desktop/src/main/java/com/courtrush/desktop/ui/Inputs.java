package com.courtrush.desktop.ui;

import com.courtrush.web.CourtRushException;
import java.math.BigDecimal;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;

/** Parses what staff type, refusing bad input with a message they can act on. */
public final class Inputs {

    private Inputs() {
    }

    /** "8:00" or "08:00". */
    public static LocalTime time(String text, String what) {
        try {
            String t = text == null ? "" : text.strip();
            return LocalTime.parse(t.length() == 4 ? "0" + t : t);
        } catch (DateTimeParseException e) {
            throw CourtRushException.badRequest(what + ": \"" + text + "\" is not a time like 13:00.");
        }
    }

    /** Yuan with up to two decimals ("20", "19.5") to cents; blank is null. */
    public static Integer cents(String yuan, String what) {
        if (yuan == null || yuan.isBlank()) {
            return null;
        }
        try {
            BigDecimal value = new BigDecimal(yuan.strip()).movePointRight(2);
            if (value.signum() < 0 || value.scale() > 0 && value.stripTrailingZeros().scale() > 0) {
                throw new NumberFormatException();
            }
            return value.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw CourtRushException.badRequest(what + ": \"" + yuan + "\" is not an amount like 20 or 19.50.");
        }
    }

    /** Cents as yuan text, e.g. 2000 → "20.00". */
    public static String yuan(Integer cents) {
        return cents == null ? "" : BigDecimal.valueOf(cents, 2).toPlainString();
    }

    /** A whole number within bounds. */
    public static int number(String text, int min, int max, String what) {
        try {
            int value = Integer.parseInt(text == null ? "" : text.strip());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw CourtRushException.badRequest(what + ": enter a whole number from " + min + " to " + max + ".");
    }
}
