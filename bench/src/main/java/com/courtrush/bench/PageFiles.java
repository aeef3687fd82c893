package com.courtrush.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a phone fetches to open the students' page: the page, then every file it names (its style sheet, its
 * module and the modules it preloads, its icon) — read from the page the server sends, so the bench asks for
 * what the page asks for as the page changes.
 */
final class PageFiles {

    private static final Pattern NAMED = Pattern.compile("(?:href|src)=\"(?:\\./|/)?(assets/[^\"#?]+)\"");

    private PageFiles() {}

    /** The page's path and, in the order the page names them, the paths of its files (each once). */
    static List<String> of(String page) {
        Set<String> files = new LinkedHashSet<>();
        Matcher named = NAMED.matcher(page);
        while (named.find()) {
            files.add("/" + named.group(1));
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("The students' page names no file under assets/: is this CourtRush?");
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
