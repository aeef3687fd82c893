package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The engine's texts exist in both languages for every key the code uses, and render. */
class EngineMessagesTest {

    static Properties load(String resource) {
        Properties properties = new Properties();
        try (InputStream in = EngineMessagesTest.class.getResourceAsStream(resource)) {
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return properties;
    }

    final Properties english = load("/messages/engine.properties");
    final Properties chinese = load("/messages/engine_zh_CN.properties");

    /**
     * A text key in the code: a string literal of dotted words whose first is one the bundle's keys start with
     * ("checkIn.tooEarly", "import.row.password"), so a key of a new part of the engine is walked too.
     */
    final Pattern key = Pattern.compile("\"((?:"
            + String.join(
                    "|",
                    english.stringPropertyNames().stream()
                            .map(name -> name.substring(0, name.indexOf('.')))
                            .collect(java.util.stream.Collectors.toCollection(TreeSet::new)))
            + ")\\.[A-Za-z]+(?:\\.[A-Za-z]+)*)\"");

    /**
     * Every text renders as a MessageFormat, with its arguments or none: an apostrophe is written ''
     * in the bundles and read as one (a text without arguments showed '' to students).
     */
    @Test
    void everyTextRendersItsApostrophesWithOrWithoutArguments() {
        for (Properties bundle : List.of(english, chinese)) {
            for (String key : bundle.stringPropertyNames()) {
                Locale locale = bundle == chinese ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
                String rendered = EngineMessages.format(locale, key, "a", "b", "c", "d", "e", "f");
                assertThat(rendered).as(key).doesNotContain("''");
                // a lone apostrophe quotes what follows and vanishes with its partner: "merchant's … Pay's" read
                // "merchants … Pays" and counted no apostrophe either side
                assertThat(bundle.getProperty(key).replace("''", ""))
                        .as("a lone apostrophe in %s (write it '')", key)
                        .doesNotContain("'");
                assertThat(rendered.chars().filter(c -> c == '\'').count())
                        .as("apostrophes of %s", key)
                        .isEqualTo(bundle.getProperty(key).split("''", -1).length - 1);
            }
        }
        assertThat(EngineMessages.english("auth.disabled")).isEqualTo("This account is disabled; ask the gym's staff.");
    }

    /** A key written twice in a bundle: the later text silently wins, and the earlier meaning is lost. */
    @Test
    void noKeyIsWrittenTwiceInABundle() {
        for (String resource : List.of("/messages/engine.properties", "/messages/engine_zh_CN.properties")) {
            List<String> twice = new java.util.ArrayList<>();
            Properties watching = new Properties() {
                @Override
                public synchronized Object put(Object key, Object value) {
                    Object before = super.put(key, value);
                    if (before != null) {
                        twice.add(key + " (" + before + " / " + value + ")");
                    }
                    return before;
                }
            };
            try (InputStream in = EngineMessagesTest.class.getResourceAsStream(resource)) {
                watching.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            assertThat(twice).as(resource).isEmpty();
        }
    }

    @Test
    void bothLanguagesHaveTheSameKeys() {
        assertThat(new TreeSet<>(chinese.stringPropertyNames()))
                .isEqualTo(new TreeSet<>(english.stringPropertyNames()));
    }

    @Test
    void everyKeyTheEngineUsesExists() throws IOException {
        Set<String> used = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            // Queues.java names exchanges and queues ("reserve.queue"), not texts
            for (Path file : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("Queues.java"))
                    .toList()) {
                Matcher matcher = key.matcher(Files.readString(file));
                while (matcher.find()) {
                    used.add(matcher.group(1));
                }
            }
        }
        assertThat(used).hasSizeGreaterThan(250);
        assertThat(used.stream().filter(key -> !english.containsKey(key)))
                .as("keys used but missing")
                .isEmpty();
    }

    @Test
    void refusalsRenderInTheCallersLanguageWithTheirArguments() {
        CourtRushException refusal = CourtRushException.conflict("court.nameTaken", "1号场");
        assertThat(refusal.getMessage()).isEqualTo("An active court is already named '1号场'.");
        assertThat(refusal.message(Locale.SIMPLIFIED_CHINESE)).isEqualTo("已有启用的场地名为“1号场”。");
        assertThat(refusal.message(Locale.GERMAN)).isEqualTo(refusal.getMessage());
        assertThat(refusal.withData("x").message(Locale.CHINESE)).isEqualTo("已有启用的场地名为“1号场”。");
        assertThat(EngineMessages.format(Locale.ENGLISH, "reserve.opensIn", 12L))
                .isEqualTo("The opening opens in 12 s.");
    }

    @Test
    void aReasonInsideARefusalReadsInTheRefusalsLanguage() {
        // the first manager's password too short, refused in Chinese: the reason inside reads in Chinese too
        CourtRushException refusal =
                CourtRushException.badRequest("staff.invalid", new EngineText("import.row.password"));
        assertThat(refusal.message(Locale.SIMPLIFIED_CHINESE)).isEqualTo("工作人员账号无效：密码至少 6 个字符，最多 72 字节（24 个汉字）");
        assertThat(refusal.getMessage())
                .isEqualTo("Not a valid staff account: the password must have at least 6 characters and at most 72 "
                        + "bytes (24 Chinese characters)");
    }

    @Test
    void aWallTimeReadsAsDateAndMinutesNeverWithIsosT() {
        LocalDateTime nine = LocalDateTime.of(2026, 11, 26, 9, 0);
        assertThat(EngineMessages.format(Locale.ROOT, "slot.inPast", nine))
                .isEqualTo("A slot cannot start in the past (2026-11-26 09:00).");
        assertThat(new EngineText("slot.startsBeforeOpening", nine.minusDays(1), nine).in(Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("场次在 2026-11-25 09:00 开放，晚于第一个时段的开始时间（2026-11-26 09:00）。");
        assertThat(EngineMessages.wallTime(nine.withSecond(30).withNano(120))).isEqualTo("2026-11-26 09:00:30");
        assertThat(EngineMessages.plain(new Object[] {nine, 12345L, "as typed"}))
                .containsExactly("2026-11-26 09:00", "12345", "as typed");
    }
}
