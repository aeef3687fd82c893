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
 * The page's texts (i18n.js): no key written twice in a language — in a script's object the later one silently
 * wins, as a draw's "entered" count once replaced the note "You are in the draw" — and the same keys in Chinese
 * and English.
 */
class PageTextsTest {

    private static final Path TEXTS = Path.of("src/main/resources/static/assets/i18n.js");
    private static final Pattern KEY = Pattern.compile("(?m)^    '([^']+)':");

    @Test
    void everyKeyIsWrittenOnceInEachLanguageAndBothHaveTheSameKeys() throws IOException {
        String[] languages = Files.readString(TEXTS).split("\n  en: \\{", 2);
        assertThat(languages).as("a Chinese and an English table").hasSize(2);
        List<String> zh = keys(languages[0]);
        List<String> en = keys(languages[1]);
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
