package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The page's texts (i18n-zh.js and i18n-en.js, which i18n.js picks from): no key written twice in a language — in a
 * script's object the later one silently wins, as a draw's "entered" count once replaced the note "You are in the
 * draw" — and the same keys in Chinese and English.
 */
class PageTextsTest {

    private static final Path ASSETS = Path.of("src/main/resources/static/assets");
    private static final Pattern KEY = Pattern.compile("(?m)^  '([^']+)':");

    @Test
    void everyKeyIsWrittenOnceInEachLanguageAndBothHaveTheSameKeys() throws IOException {
        List<String> zh = keys(Files.readString(ASSETS.resolve("i18n-zh.js")));
        List<String> en = keys(Files.readString(ASSETS.resolve("i18n-en.js")));
        assertThat(zh).as("Chinese keys").hasSizeGreaterThan(100).doesNotHaveDuplicates();
        assertThat(en).as("English keys").doesNotHaveDuplicates();
        assertThat(new HashSet<>(en)).as("the same keys in both").isEqualTo(Set.copyOf(zh));
    }

    private static List<String> keys(String table) {
        List<String> keys = new ArrayList<>();
        Matcher key = KEY.matcher(table);
        while (key.find()) {
            keys.add(key.group(1));
        }
        return keys;
    }
}
