package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The page asks for every one of its modules at once: index.html preloads each module under assets
 * (but the entry, app.js, which it loads), so a phone on a weak network waits one round trip for them,
 * not one per level of imports. A module added without its preload, or a preload left behind, fails.
 */
class PagePreloadTest {

    private static final Path STATIC = Path.of("src/main/resources/static");
    private static final Pattern PRELOAD = Pattern.compile("<link rel=\"modulepreload\" href=\"assets/([^\"]+)\">");

    @Test
    void indexPreloadsEveryModuleOfThePageAndNothingElse() throws IOException {
        Set<String> modules;
        try (Stream<Path> files = Files.list(STATIC.resolve("assets"))) {
            modules = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".js") && !name.equals("app.js"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> preloaded = new TreeSet<>();
        Matcher links = PRELOAD.matcher(Files.readString(STATIC.resolve("index.html")));
        while (links.find()) {
            preloaded.add(links.group(1));
        }

        assertThat(modules).as("the page's modules").hasSizeGreaterThan(10);
        assertThat(preloaded).as("modules index.html preloads").isEqualTo(modules);
    }
}
