package com.courtrush.web;

/** What user-written text may hold: no control characters, no bidirectional overrides. */
public final class Texts {

    private Texts() {
    }

    /**
     * Control characters (C0, DEL, C1) and the bidirectional formatting characters (U+061C, U+200E,
     * U+200F, U+202A–U+202E, U+2066–U+2069) that can make text read differently from what it is.
     */
    public static boolean isControlOrBidi(int c) {
        return Character.getType(c) == Character.CONTROL
                || c == 0x061C || c == 0x200E || c == 0x200F
                || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    }

    /** Whether a one-line text (a name, a reason) holds only what it may. */
    public static boolean isPlain(String text) {
        return text == null || text.codePoints().noneMatch(Texts::isControlOrBidi);
    }

    /** Refuses (400) a name or reason holding control or direction-changing characters. */
    public static String requirePlain(String text, String field) {
        if (!isPlain(text)) {
            throw CourtRushException.badRequest("common.plainText", field);
        }
        return text;
    }
}
