package com.courtrush.security;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * One hostile request to an operation: odd path values, bad content types, malformed, trailing,
 * mistyped, huge or control-character JSON, oversize bodies and headers.
 *
 * @param overLimit over a limit the server enforces before it has read the request (its headers, its
 *                  body): the answer is written and the connection closed with the rest unread, so the
 *                  client may get a TCP reset instead of the answer while it is still sending, as any
 *                  HTTP/1.1 client would. Cut is fine; a 5xx is not.
 */
record Hostile(String what, String path, Map<String, String> headers, byte[] body, boolean overLimit) {

    Hostile(String what, String path, Map<String, String> headers, byte[] body) {
        this(what, path, headers, body, false);
    }

    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    /** Path values put where each id goes. */
    private static final List<String> PATH_VALUES = List.of(
            "99999999999999999999",
            "-1",
            "0",
            "0x10",
            "1e3",
            "%00",
            "%2e%2e",
            "..%2F..%2Fetc",
            "%E2%80%AE1",
            "1;x=2",
            "%25",
            "a".repeat(3000),
            "%F0%9F%8F%B8",
            "null");

    /** Bodies sent as JSON. */
    private static final List<String> JSON_BODIES = List.of(
            "{",
            "[]",
            "null",
            "\"text\"",
            "{\"a\":1}{\"b\":2}",
            "{\"sessionId\":1e400,\"slotId\":-5}",
            "{\"sessionId\":\"1\",\"slotId\":true,\"courtName\":[],\"students\":{}}",
            "{\"sessionId\":99999999999999999999999,\"slotId\":-9223372036854775808}",
            "{\"courtName\":\"\\u0000\\u202e\",\"reason\":\"line\\nforged line\",\"studentId\":\"\\u0007\",\"password\":\"\\u0000\"}",
            "{\"reason\":\"" + "x".repeat(5000) + "\",\"courtName\":\"" + "y".repeat(5000) + "\"}",
            "[".repeat(3000) + "]".repeat(3000),
            "{\"students\":[{\"studentId\":\"s\",\"password\":\"" + "汉".repeat(40) + "\",\"name\":\"\\u202e\"}]}");

    static List<Hostile> all(SecurityScenarios.Operation operation, SecurityScenarios.Fixture fixture) {
        List<Hostile> all = new ArrayList<>();
        String path = fixture.fill(operation.path());
        byte[] empty = operation.hasBody() ? "{}".getBytes(StandardCharsets.UTF_8) : null;
        Matcher variables = SecurityScenarios.VARIABLE.matcher(operation.path());
        while (variables.find()) {
            String variable = variables.group();
            for (String value : PATH_VALUES) {
                String odd =
                        fixture.fill(operation.path().replace(variable, "@@")).replace("@@", value);
                all.add(new Hostile(
                        variable + "=" + abbreviate(value), odd, operation.hasBody() ? JSON : Map.of(), empty));
            }
        }
        all.add(new Hostile(
                "an odd query",
                path + "?date=9999-99-99&page=-1&size=1000000000&sessionId=0x10&q=%00",
                Map.of(),
                null));
        all.add(new Hostile("a 20 KB header", path, Map.of("X-Padding", "h".repeat(20_000)), empty, true));
        all.add(new Hostile("a forged token", path, Map.of("Authorization", "Bearer eyJhbGciOiJub25lIn0.e30."), empty));
        if (operation.hasBody()) {
            for (String body : JSON_BODIES) {
                all.add(new Hostile("JSON " + abbreviate(body), path, JSON, body.getBytes(StandardCharsets.UTF_8)));
            }
            all.add(new Hostile(
                    "text/xml", path, Map.of("Content-Type", "text/xml"), "<a>1</a>".getBytes(StandardCharsets.UTF_8)));
            all.add(new Hostile(
                    "multipart without a boundary",
                    path,
                    Map.of("Content-Type", "multipart/form-data"),
                    "--x".getBytes(StandardCharsets.UTF_8)));
            all.add(new Hostile(
                    "a CSV with an open quote",
                    path,
                    Map.of("Content-Type", "text/csv"),
                    "studentId,password,name\n\"s1,abcdef".getBytes(StandardCharsets.UTF_8)));
            all.add(new Hostile(
                    "a 5 MB body",
                    path,
                    JSON,
                    ("{\"a\":\"" + "z".repeat(5_000_000) + "\"}").getBytes(StandardCharsets.UTF_8),
                    true));
            all.add(new Hostile(
                    "invalid UTF-8", path, JSON, new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, '"', '}'}));
        }
        return all;
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…(" + text.length() + ")";
    }
}
