package com.courtrush.desktop.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.api.Role;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.LocalSettings;
import com.courtrush.opening.api.SessionState;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.till.api.DeskChannel;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Fails when the bundles drift apart, a used text is missing, or a view hard-codes a visible string. */
class MessageBundlesTest {

    static final Path SOURCES = Path.of("src/main/java");
    static final Pattern KEY_LITERAL = Pattern.compile(
            "\"((?:app|campus|common|courts|error|header|input|language|nav|openings"
                    + "|queues|reservations|rush|settings|splash|startup|status|students|health|enum|wechatPay)\\.[A-Za-z0-9_.-]+)\"");
    static final Pattern HARD_CODED = Pattern.compile("new (?:Label|Button|CheckBox|TitledPane|Tab|MenuItem|Alert)"
            + "\\(\"[^\"]+\"|\\.set(?:Text|Title|HeaderText|ContentText|PromptText)\\(\"[^\"]+\"");

    final Properties english = load("/i18n/messages.properties");
    final Properties chinese = load("/i18n/messages_zh_CN.properties");

    static Properties load(String resource) {
        Properties properties = new Properties();
        try (InputStream in = MessageBundlesTest.class.getResourceAsStream(resource)) {
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return properties;
    }

    /** A key written twice in a bundle: the later text silently wins, and the earlier meaning is lost. */
    @Test
    void noKeyIsWrittenTwiceInABundle() {
        for (String resource : List.of("/i18n/messages.properties", "/i18n/messages_zh_CN.properties")) {
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
            try (InputStream in = MessageBundlesTest.class.getResourceAsStream(resource)) {
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

    /**
     * A text filled in with values is a MessageFormat pattern, where a lone apostrophe starts a quote and vanishes
     * ("the students WeChat Pay"): it must be written twice there; a text without values is shown as written.
     */
    @Test
    void apostrophesAreWrittenAsEachKindOfTextShowsThem() {
        Pattern placeholder = Pattern.compile("\\{\\d");
        Pattern lone = Pattern.compile("(?<!')'(?!')");
        List<String> offenders = new ArrayList<>();
        for (Properties bundle : List.of(english, chinese)) {
            for (String key : bundle.stringPropertyNames()) {
                String text = bundle.getProperty(key);
                boolean filled = placeholder.matcher(text).find();
                if (filled ? lone.matcher(text).find() : text.contains("''")) {
                    offenders.add(key + "=" + text);
                }
            }
        }
        assertThat(offenders).isEmpty();
    }

    /**
     * The desk reads the screen, not the project's documents: a text says what it needs to in the screen's own words,
     * never "see docs/backups.md" (issue 76, the backup panel).
     */
    @Test
    void noTextSendsTheDeskToAFileOfTheDocs() {
        Pattern docs = Pattern.compile("docs/|\\.md\\b");
        List<String> offenders = new ArrayList<>();
        for (Properties bundle : List.of(english, chinese)) {
            for (String key : bundle.stringPropertyNames()) {
                if (docs.matcher(bundle.getProperty(key)).find()) {
                    offenders.add(key + "=" + bundle.getProperty(key));
                }
            }
        }
        assertThat(offenders).isEmpty();
    }

    @Test
    void theChineseBundleIsATranslationNotACopy() {
        long translated = english.stringPropertyNames().stream()
                .filter(key -> !english.getProperty(key).equals(chinese.getProperty(key)))
                .count();
        assertThat(translated).isGreaterThan(english.size() * 85L / 100);
    }

    @Test
    void everyKeyTheCodeUsesExists() throws IOException {
        Set<String> used = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher matcher = KEY_LITERAL.matcher(Files.readString(file));
                while (matcher.find()) {
                    if (!matcher.group(1).endsWith(".")) {
                        used.add(matcher.group(1));
                    }
                }
            }
        }
        assertThat(used).isNotEmpty();
        assertThat(used.stream().filter(key -> !english.containsKey(key)))
                .as("keys used but missing")
                .isEmpty();
    }

    @Test
    void everyKeyBuiltAtRunTimeExists() {
        List<String> built = new ArrayList<>();
        for (Class<? extends Enum<?>> type : List.of(
                SessionState.class,
                ReservationStatus.class,
                CancelReason.class,
                PayOrderStatus.class,
                RefundStatus.class,
                Role.class,
                CampusProtocol.class,
                DeadLetterSettlement.class,
                Outcome.class)) {
            for (Enum<?> constant : type.getEnumConstants()) {
                built.add("enum." + type.getSimpleName() + "." + constant.name());
            }
        }
        LocalSettings.KEYS.forEach(key -> built.add("settings.key." + key));
        List.of("UP", "DOWN", "UNKNOWN", "OUT_OF_SERVICE").forEach(status -> built.add("health." + status));
        I18n.SUPPORTED.forEach(locale -> built.add("language." + locale.getLanguage()));
        for (DeskChannel channel : DeskChannel.values()) { // a refund in the words of how it was paid
            built.add("refund.consequence." + channel.name());
            built.add("refund.done." + channel.name());
        }
        for (RefundStatus status : RefundStatus.values()) { // and as it stands (issue 74)
            if (status != RefundStatus.REFUNDING) {
                built.add("refund.done.WECHAT." + status.name());
            }
        }
        built.addAll(List.of(
                "courts.enable",
                "courts.disable",
                "courts.active",
                "courts.inactive",
                "students.enable",
                "students.disable",
                "settings.saved",
                "settings.savedRestart",
                "openings.oneDay",
                "openings.week",
                "status.redis",
                "status.broker",
                "status.database",
                "settings.mode.embedded",
                "settings.mode.external",
                "wechatPay.mode.SIMULATED",
                "wechatPay.mode.LIVE",
                "wechatPay.mode.LIVE_SIMULATOR"));
        assertThat(built.stream().filter(key -> !english.containsKey(key)))
                .as("keys built but missing")
                .isEmpty();
    }

    @Test
    void noViewHardCodesAVisibleString() throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher matcher = HARD_CODED.matcher(Files.readString(file));
                while (matcher.find()) {
                    offenders.add(file.getFileName() + ": " + matcher.group());
                }
            }
        }
        assertThat(offenders).isEmpty();
    }

    @Test
    void textsAreFilledInPerLanguage() {
        assertThat(I18n.of(I18n.ENGLISH).t("courts.created", "A")).isEqualTo("Court \"A\" created.");
        assertThat(I18n.of(I18n.CHINESE).t("courts.created", "A")).isEqualTo("已新建场地“A”。");
        assertThat(I18n.of(I18n.CHINESE).of(ReservationStatus.CONFIRMED)).isEqualTo("已确认");
        assertThat(I18n.of(java.util.Locale.GERMAN).locale()).isEqualTo(I18n.CHINESE);
    }
}
