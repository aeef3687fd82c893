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
 * The page's texts — the sign-in form's in i18n.js ({@code ZH_FIRST}, {@code EN_FIRST}), the screens' after sign-in
 * in i18n-zh.js and i18n-en.js, which i18n.js loads by language: no key written twice in a language — in a script's
 * object the later one silently wins, as a draw's "entered" count once replaced the note "You are in the draw" — nor
 * in both the first screen's table and the screens', and the same keys in Chinese and English.
 */
class PageTextsTest {

    private static final Path ASSETS = Path.of("src/main/resources/static/assets");
    private static final Pattern KEY = Pattern.compile("(?m)^  '([^']+)':");

    @Test
    void everyKeyIsWrittenOnceInEachLanguageAndBothHaveTheSameKeys() throws IOException {
        String picker = Files.readString(ASSETS.resolve("i18n.js"));
        List<String> zhFirst = keys(table(picker, "ZH_FIRST"));
        List<String> enFirst = keys(table(picker, "EN_FIRST"));
        List<String> zh = keys(Files.readString(ASSETS.resolve("i18n-zh.js")));
        List<String> en = keys(Files.readString(ASSETS.resolve("i18n-en.js")));
        assertThat(zhFirst)
                .as("the sign-in form's Chinese keys")
                .hasSizeGreaterThan(20)
                .contains("signin.submit");
        assertThat(zh).as("Chinese keys").hasSizeGreaterThan(100);
        List<String> allZh = new ArrayList<>(zhFirst);
        allZh.addAll(zh);
        List<String> allEn = new ArrayList<>(enFirst);
        allEn.addAll(en);
        assertThat(allZh).as("Chinese keys, the form's and the screens'").doesNotHaveDuplicates();
        assertThat(allEn).as("English keys, the form's and the screens'").doesNotHaveDuplicates();
        assertThat(new HashSet<>(enFirst))
                .as("the same keys in both, the form's")
                .isEqualTo(Set.copyOf(zhFirst));
        assertThat(new HashSet<>(en)).as("the same keys in both, the screens'").isEqualTo(Set.copyOf(zh));
    }

    /** The object literal {@code const name = { ... };} of a script. */
    private static String table(String script, String name) {
        int start = script.indexOf("const " + name + " = {");
        assertThat(start).as("i18n.js holds %s", name).isNotNegative();
        return script.substring(start, script.indexOf("\n};", start));
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
