package com.courtrush.paysim;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The parts of a request's address the simulator reads: its path's segments and its form pairs. */
final class UrlParts {

    private UrlParts() {}

    /** A query string's or form body's pairs, decoded; the first of a name wins, a malformed pair is left out. */
    static Map<String, String> form(String raw) {
        Map<String, String> params = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                params.putIfAbsent(
                        URLDecoder.decode(key, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException malformed) {
                // skip a malformed pair
            }
        }
        return params;
    }

    /** The non-empty segments of a path, decoded ({@code +} stays a plus). */
    static List<String> segments(String path) {
        List<String> parts = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                parts.add(URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return parts;
    }
}
