package com.courtrush.core;

/** What user-written text may hold: no control characters, no invisible formatting. */
public final class Texts {

    private Texts() {}

    /**
     * Control characters (C0, DEL, C1), line and paragraph separators, unpaired surrogates, and the
     * invisible formatting characters (bidirectional marks and overrides, zero-width characters, the
     * byte order mark) that can make text read differently from what it is.
     */
    public static boolean isInvisibleOrControl(int c) {
        int type = Character.getType(c);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE;
    }

    /** Whether a one-line text (a name, a reason) holds only what it may. */
    public static boolean isPlain(String text) {
        return text == null || text.codePoints().noneMatch(Texts::isInvisibleOrControl);
    }

    /** Refuses (400) a name or reason holding control or direction-changing characters. */
    public static String requirePlain(String text, String field) {
        if (!isPlain(text)) {
            throw CourtRushException.badRequest("common.plainText", field);
        }
        return text;
    }
}
