package com.courtrush.core;

/**
 * User-written text made safe for a log line: control characters (a newline would forge a line of
 * its own), and bidirectional overrides (which reorder what a reader sees) are shown escaped, and
 * the text is cut at 200 characters.
 */
public final class LogSafe {

    private static final int MAX = 200;

    private LogSafe() {}

    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder safe = new StringBuilder(Math.min(text.length(), MAX) + 8);
        for (int i = 0; i < text.length() && safe.length() < MAX; ) {
            int c = text.codePointAt(i);
            if (Texts.isInvisibleOrControl(c)) {
                safe.append(String.format("\\u%04x", c));
            } else {
                safe.appendCodePoint(c);
            }
            i += Character.charCount(c);
        }
        return text.length() > MAX ? safe.append("…").toString() : safe.toString();
    }
}
