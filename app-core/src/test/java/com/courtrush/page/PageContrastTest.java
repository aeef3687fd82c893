package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every colour pair the students' page sets — a rule's text colour on its own background, or on the card
 * and page backgrounds when it sets none — reads at WCAG AA's 4.5:1 or better (issue 32: the orange "Book"
 * button was white on #e8590c, 3.6:1). Computed from app.css itself, so a new colour is checked as it lands.
 */
class PageContrastTest {

    private static final double AA = 4.5;
    private static final Pattern RULE = Pattern.compile("([^{}]+)\\{([^{}]*)}");
    private static final Pattern DECLARATION =
            Pattern.compile("(?<![\\w-])(--[\\w-]+|color|background)\\s*:\\s*([^;]+)");
    /** Rules whose text sits on a parent's background (the header bar, the chosen day). */
    private static final Map<String, String> ON_PARENT =
            Map.of(".brand", ".bar", ".day.active .day-date", ".day.active");

    private static final Pattern HEX = Pattern.compile("#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})");

    @Test
    void everyTextColourOfThePageReadsAtFourAndAHalfToOne() throws IOException {
        String css = stylesheet();
        Map<String, String> variables = new HashMap<>();
        List<String[]> rules = new ArrayList<>();
        Map<String, String> backgrounds = new HashMap<>();
        Matcher rule = RULE.matcher(css.replaceAll("(?s)/\\*.*?\\*/", ""));
        while (rule.find()) {
            String selector = rule.group(1).trim();
            String color = null;
            String background = null;
            Matcher declaration = DECLARATION.matcher(rule.group(2));
            while (declaration.find()) {
                String name = declaration.group(1);
                String value = declaration.group(2).trim();
                if (name.startsWith("--")) {
                    variables.put(name, value);
                } else if (name.equals("color")) {
                    color = value;
                } else {
                    background = value;
                }
            }
            if (background != null) {
                backgrounds.put(selector, background);
            }
            if (color != null && !selector.contains("::after") && !selector.contains("::backdrop")) {
                rules.add(new String[] {selector, color, background});
            }
        }
        List<String> unreadable = new ArrayList<>();
        for (String[] each : rules) {
            String text = solid(each[1], variables);
            if (text == null) {
                continue; // a translucent or inherited colour: not a pair this test can compute
            }
            String parent = ON_PARENT.get(each[0]);
            List<String> grounds = each[2] != null
                    ? List.of(each[2])
                    : parent != null
                            ? List.of(backgrounds.get(parent))
                            : List.of(variables.get("--card"), variables.get("--bg"));
            for (String ground : grounds) {
                String solidGround = solid(ground, variables);
                if (solidGround == null) {
                    continue;
                }
                double ratio = contrast(text, solidGround);
                if (ratio < AA) {
                    unreadable.add(
                            String.format(Locale.ROOT, "%s: %s on %s = %.2f:1", each[0], text, solidGround, ratio));
                }
            }
        }
        assertThat(rules).as("colour rules read from app.css").hasSizeGreaterThan(30);
        assertThat(unreadable).as("text under 4.5:1").isEmpty();
    }

    @Test
    void theContrastFormulaMatchesWcagsKnownPairs() {
        assertThat(contrast("#000000", "#ffffff")).isCloseTo(21.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(contrast("#ffffff", "#e8590c")).isCloseTo(3.6, org.assertj.core.data.Offset.offset(0.1));
        assertThat(contrast("#767676", "#ffffff")).isCloseTo(4.54, org.assertj.core.data.Offset.offset(0.02));
    }

    /** The colour as #rrggbb, resolving var(--x); null for anything not one solid colour. */
    private static String solid(String value, Map<String, String> variables) {
        String resolved = value.trim();
        for (int depth = 0; depth < 5 && resolved.startsWith("var("); depth++) {
            resolved = variables
                    .getOrDefault(resolved.substring(4, resolved.indexOf(')')).trim(), "")
                    .trim();
        }
        Matcher hex = HEX.matcher(resolved);
        if (!hex.matches()) {
            return null;
        }
        String digits = hex.group(1);
        if (digits.length() == 3) {
            digits = "" + digits.charAt(0) + digits.charAt(0) + digits.charAt(1) + digits.charAt(1) + digits.charAt(2)
                    + digits.charAt(2);
        }
        return "#" + digits.toLowerCase(Locale.ROOT);
    }

    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        double[] channel = new double[3];
        for (int i = 0; i < 3; i++) {
            double c = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            channel[i] = c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2];
    }

    private static String stylesheet() throws IOException {
        try (InputStream in = PageContrastTest.class.getResourceAsStream("/static/assets/app.css")) {
            assertThat(in).as("app.css on the class path").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
