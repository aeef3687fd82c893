package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The page asks for what its first screen needs at once: index.html preloads each module the entry (app.js) imports,
 * directly or through others, so a phone on a weak network waits one round trip for them, not one per level of
 * imports; a module only a later screen needs (the draw's page and its checker) is imported when opened and not
 * preloaded, so the sign-in form waits for fewer files. A module added without its preload, a preload left behind,
 * a lazily loaded module preloaded, or a module nothing imports, fails.
 */
class PagePreloadTest {

    private static final Path ASSETS = Path.of("src/main/resources/static/assets");
    private static final Pattern PRELOAD = Pattern.compile("<link rel=\"modulepreload\" href=\"assets/([^\"]+)\">");
    private static final Pattern STATIC_IMPORT =
            Pattern.compile("^\\s*(?:import|export)\\s[^;]*?from\\s+'\\./([^']+)'", Pattern.MULTILINE);
    private static final Pattern BARE_IMPORT = Pattern.compile("^\\s*import\\s+'\\./([^']+)'", Pattern.MULTILINE);
    private static final Pattern DYNAMIC_IMPORT = Pattern.compile("import\\(\\s*'\\./([^']+)'\\s*\\)");

    @Test
    void indexPreloadsWhatTheFirstScreenImportsAndNothingLoadedLater() throws IOException {
        Set<String> modules;
        try (Stream<Path> files = Files.list(ASSETS)) {
            modules = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".js"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> preloaded = new TreeSet<>();
        Matcher links = PRELOAD.matcher(Files.readString(ASSETS.resolveSibling("index.html")));
        while (links.find()) {
            preloaded.add(links.group(1));
        }

        Set<String> eager = reached("app.js", false);
        Set<String> any = reached("app.js", true);
        eager.remove("app.js");

        assertThat(modules).as("the page's modules").hasSizeGreaterThan(10);
        assertThat(any).as("modules app.js reaches, now or when a screen opens").isEqualTo(modules);
        assertThat(eager).as("the draw's page loads when opened").doesNotContain("draw.js", "draw-check.js", "sha.js");
        assertThat(preloaded).as("modules index.html preloads").isEqualTo(eager);
    }

    /** The modules reached from {@code entry} by static imports, and dynamic ones too when asked. */
    private static Set<String> reached(String entry, boolean dynamic) {
        Set<String> seen = new TreeSet<>();
        Deque<String> next = new ArrayDeque<>(Set.of(entry));
        while (!next.isEmpty()) {
            String module = next.pop();
            if (!seen.add(module)) {
                continue;
            }
            String source = read(ASSETS.resolve(module));
            for (Pattern pattern : dynamic
                    ? new Pattern[] {STATIC_IMPORT, BARE_IMPORT, DYNAMIC_IMPORT}
                    : new Pattern[] {STATIC_IMPORT, BARE_IMPORT}) {
                Matcher imports = pattern.matcher(source);
                while (imports.find()) {
                    next.push(imports.group(1));
                }
            }
        }
        return seen;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file.toString(), e);
        }
    }
}
