package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import java.math.BigDecimal;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** Parses what staff type, refusing bad input with a message they can act on. */
public final class Inputs {

    private Inputs() {}

    /** "8:00" or "08:00". */
    public static LocalTime time(I18n i18n, String text, String what) {
        try {
            String t = text == null ? "" : text.strip();
            return LocalTime.parse(t.length() == 4 ? "0" + t : t);
        } catch (DateTimeParseException e) {
            throw new InputRefused(i18n.t("input.badTime", what, text));
        }
    }

    /** Yuan with up to two decimals ("20", "19.5") to cents; blank is null. */
    public static Integer cents(I18n i18n, String yuan, String what) {
        if (yuan == null || yuan.isBlank()) {
            return null;
        }
        try {
            BigDecimal value = new BigDecimal(yuan.strip()).movePointRight(2);
            if (value.signum() < 0
                    || value.scale() > 0 && value.stripTrailingZeros().scale() > 0) {
                throw new NumberFormatException();
            }
            return value.intValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new InputRefused(i18n.t("input.badAmount", what, yuan));
        }
    }

    /** Cents as yuan text, e.g. 2000 → "20.00". */
    public static String yuan(Integer cents) {
        return cents == null ? "" : BigDecimal.valueOf(cents, 2).toPlainString();
    }

    /** A whole number within bounds. */
    public static int number(I18n i18n, String text, int min, int max, String what) {
        try {
            int value = Integer.parseInt(text == null ? "" : text.strip());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputRefused(i18n.t("input.badNumber", what, min, max));
    }

    /** 1.2 GB, 340 MB, 12 KB: a size as a person reads it at a glance. */
    public static String bytes(long count) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        double value = count;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return (unit == 0 || value >= 10
                        ? String.format(Locale.ROOT, "%.0f", value)
                        : String.format(Locale.ROOT, "%.1f", value))
                + " " + units[unit];
    }
}
