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
 * The page asks for what its first screen needs, and only that, at once (issue 78): index.html preloads each module
 * the entry (app.js) imports, directly or through others, so a phone on a weak network waits one round trip for them,
 * not one per level of imports, and nothing more before the sign-in form. The screens after sign-in (signed-in.js
 * and what it imports) are asked for by app.js all at once too — its list of {@code import()}s is exactly them — and
 * the screens' texts come by language from i18n.js; the draw's page and its checker only when opened. A module added
 * without its preload or its place in the list, a preload or an entry left behind, a module of a later screen
 * preloaded, or a module nothing imports, fails.
 */
class PagePreloadTest {

    private static final Path ASSETS = Path.of("src/main/resources/static/assets");
    private static final Pattern PRELOAD = Pattern.compile("<link rel=\"modulepreload\" href=\"assets/([^\"]+)\">");
    private static final Pattern STATIC_IMPORT =
            Pattern.compile("^\\s*(?:import|export)\\s[^;]*?from\\s+'\\./([^']+)'", Pattern.MULTILINE);
    private static final Pattern BARE_IMPORT = Pattern.compile("^\\s*import\\s+'\\./([^']+)'", Pattern.MULTILINE);
    private static final Pattern DYNAMIC_IMPORT = Pattern.compile("import\\(\\s*'\\./([^']+)'\\s*\\)");

    @Test
    void indexPreloadsWhatTheFirstScreenImportsAndAppAsksForTheScreensAfterSignInAtOnce() throws IOException {
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
        Set<String> screens = reached("signed-in.js", false);
        screens.removeAll(eager);
        Set<String> askedAtOnce = imports("app.js", DYNAMIC_IMPORT);

        assertThat(modules).as("the page's modules").hasSizeGreaterThan(10);
        assertThat(any).as("modules app.js reaches, now or when a screen opens").isEqualTo(modules);
        assertThat(preloaded).as("modules index.html preloads").isEqualTo(eager);
        assertThat(eager)
                .as("the sign-in form's modules: none of a screen after sign-in")
                .containsAll(Set.of("signin.js", "api.js", "i18n.js"))
                .doesNotContain("signed-in.js", "courts.js", "bookings.js", "sheets.js", "i18n-zh.js", "i18n-en.js")
                .hasSizeLessThanOrEqualTo(
                        5); // with app.js, six files after index.html (its style sheet written in): one turn of a
        // phone's six connections
        assertThat(askedAtOnce)
                .as("what app.js asks for at once after the first screen: signed-in.js and every module it imports")
                .isEqualTo(screens);
        assertThat(imports("i18n.js", DYNAMIC_IMPORT))
                .as("the screens' texts, one table a language")
                .containsExactlyInAnyOrder("i18n-zh.js", "i18n-en.js");
        assertThat(screens)
                .as("the draw's page loads when opened")
                .doesNotContain("draw.js", "draw-check.js", "sha.js");
        assertThat(imports("signed-in.js", DYNAMIC_IMPORT)).containsExactly("draw.js");
    }

    /** What {@code module} imports by {@code pattern}. */
    private static Set<String> imports(String module, Pattern pattern) {
        Set<String> found = new TreeSet<>();
        Matcher imports = pattern.matcher(read(ASSETS.resolve(module)));
        while (imports.find()) {
            found.add(imports.group(1));
        }
        return found;
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
