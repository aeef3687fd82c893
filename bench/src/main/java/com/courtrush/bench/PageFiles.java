package com.courtrush.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a phone fetches to open the students' page and sign in: the page, then every file it names (its style sheet,
 * its module and the modules it preloads, its icon), then the other modules its import map names, which the page asks
 * for while the student types (the screens after sign-in, their texts) — read from the page the server sends, so the
 * bench asks for what the page asks for as the page changes. The map also names what a phone fetches only when asked
 * (the other language's texts, a fair draw's page): a little more than a phone's first visit.
 */
final class PageFiles {

    private static final Pattern NAMED = Pattern.compile("(?:href|src)=\"(?:\\./|/)?(assets/[^\"#?]+)\"");
    /** A module in the import map: {@code "./assets/api.js":"./assets/api.c6208b3c2e06.js"}, the second taken. */
    private static final Pattern MAPPED = Pattern.compile("\"[^\"]+\"\\s*:\\s*\"(?:\\./|/)?(assets/[^\"#?]+)\"");

    private static final Pattern IMPORT_MAP = Pattern.compile("<script type=\"importmap\">([^<]*)</script>");

    private PageFiles() {}

    /** The page's path and, in the order the page names them, the paths of its files (each once), then its map's. */
    static List<String> of(String page) {
        Set<String> files = new LinkedHashSet<>();
        Matcher named = NAMED.matcher(page);
        while (named.find()) {
            files.add("/" + named.group(1));
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("The students' page names no file under assets/: is this CourtRush?");
        }
        Matcher map = IMPORT_MAP.matcher(page);
        if (map.find()) {
            Matcher mapped = MAPPED.matcher(map.group(1));
            while (mapped.find()) {
                files.add("/" + mapped.group(1));
            }
        }
        List<String> paths = new ArrayList<>();
        paths.add("/");
        paths.addAll(files);
        return List.copyOf(paths);
    }

    static List<String> of(BenchHttp.Reply page) {
        if (page.status() != 200) {
            throw new IllegalStateException("The students' page answered " + page.status());
        }
        return of(new String(page.body(), StandardCharsets.UTF_8));
    }
}
