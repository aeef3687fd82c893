package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Chromium;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The students' page on a weak network — Chromium throttled to 1,500 ms of latency and 40 kB/s each way, as a
 * phone at the edge of the campus Wi-Fi at the rush (issue 78). Before the sign-in form is usable the phone gets
 * at most {@value #MOST_BYTES} bytes on the wire in at most {@value #MOST_RESPONSES} responses, in at most
 * {@value #MOST_ROUND_TRIPS} round trips one after another (the page, then every file it names at once, no more than
 * one turn of Chromium's {@value #CONNECTIONS} connections to a host can carry): the rest of
 * the page comes after, while the student types. Every file arrives compressed under a fingerprinted name, and a
 * second visit takes them from the browser's cache without asking. It prints how long the sign-in form and the
 * courts took (docs/student-page.md keeps the figures); times are measured here, never asserted.
 */
class WeakNetworkPageIT extends PageTest {

    static final int LATENCY_MS = 1_500;
    static final int BYTES_PER_SECOND = 40_000;
    static final int MOST_BYTES = 60_000;
    static final int MOST_RESPONSES = 12;
    static final int MOST_ROUND_TRIPS = 2;
    /** How many connections Chromium opens to one host over HTTP/1.1: more files than this take a second turn. */
    static final int CONNECTIONS = 6;

    /**
     * Runs in every document before the page's own scripts: notes when the sign-in form is on screen with its words and
     * can be sent, when the first court's slot is, and when the form was sent (ms since the navigation started).
     */
    private static final String MARKS = """
            (() => {
              const marks = window.__marks = {};
              document.addEventListener('submit', () => { if (marks.submit === undefined) marks.submit = performance.now(); }, true);
              const look = () => {
                const view = document.getElementById('view-signin');
                const button = view && view.querySelector('#signin-form button[type=submit]');
                if (marks.signin === undefined && view && !view.hidden && view.offsetParent && button
                    && button.textContent.trim()) {
                  marks.signin = performance.now();
                }
                if (marks.courts === undefined && document.querySelector('li.slot[data-slot]')) {
                  marks.courts = performance.now();
                }
              };
              setInterval(look, 10);
            })();""";

    /** Every response of this document from the engine: its path, when it was asked, its first and last byte, its sizes. */
    private static final String FETCHES = """
            return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
              .filter(e => new URL(e.name).origin === location.origin)
              .map(e => ({path: new URL(e.name).pathname + new URL(e.name).search, start: e.startTime,
                          firstByte: e.responseStart, end: e.responseEnd, transfer: e.transferSize,
                          encoded: e.encodedBodySize, decoded: e.decodedBodySize}));""";

    private static final String FIRST_PAINT = """
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            return paint ? paint.startTime : -1;""";

    @ParameterizedTest
    @ValueSource(strings = {"zh-CN", "en"})
    void aPhoneOnAWeakNetworkGetsTheSignInFormInTwoRoundTripsThenTheRestAndKeepsIt(String language) {
        Student student = api().students(1).get(0);
        long court = api().createCourt("Court W " + language);
        long opening =
                api().createSession(Times.tomorrow(), Times.now().plusHours(1).withNano(0), 2);
        api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);

        ChromeDriver driver = Chromium.open(PHONE, language, Duration.ZERO);
        try {
            driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", MARKS));
            driver.executeCdpCommand("Network.enable", Map.of());
            driver.executeCdpCommand(
                    "Network.emulateNetworkConditions",
                    Map.of(
                            "offline", false,
                            "latency", LATENCY_MS,
                            "downloadThroughput", BYTES_PER_SECOND,
                            "uploadThroughput", BYTES_PER_SECOND));
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(90), Duration.ofMillis(50));
            String base = "http://127.0.0.1:" + port + "/";

            // first visit: nothing cached; the screens after sign-in come after the form, while the student types
            driver.get(base);
            Load first = Load.until(driver, wait, "signin");
            List<Fetch> later = quiet(driver).stream()
                    .filter(f -> f.end() > first.usableAt() && f.path().startsWith("/assets/") && f.transfer() > 0)
                    .toList();
            // a second visit, not signed in: the files from the cache
            driver.get(base);
            Load second = Load.until(driver, wait, "signin");
            quiet(driver);

            driver.findElement(By.name("studentId")).sendKeys(student.studentId());
            driver.findElement(By.name("password")).sendKeys(TestApi.passwordOf(student));
            driver.findElement(By.cssSelector("#signin-form button[type=submit]"))
                    .click();
            double courtsAt = awaitMark(driver, wait, "courts");
            double submitAt = mark(driver, "submit");
            List<Fetch> secondWithSignIn = responses(driver);

            // the next visit, signed in: the courts, the files from the cache
            driver.get(base);
            Load next = Load.until(driver, wait, "courts");
            // a new release (every name new, as after a cleared cache), signed in: the courts need every screen's file
            driver.executeCdpCommand("Network.clearBrowserCache", Map.of());
            driver.get(base);
            Load release = Load.until(driver, wait, "courts");

            System.out.printf(
                    Locale.ROOT,
                    "WEAK NETWORK %s (latency %d ms, %d B/s each way)%n"
                            + "  first visit: first paint at %.0f ms, sign-in form usable at %.0f ms; before it %d responses,"
                            + " %.1f KB on the wire (%.1f KB read), %d round trips one after another%n"
                            + "  then, while the student types: %d files, %.1f KB on the wire, all in at %.0f ms%n"
                            + "  second visit: sign-in form usable at %.0f ms; %d responses over the network, %.1f KB%n"
                            + "  signing in: courts visible %.0f ms after the form was sent%n"
                            + "  next visit, signed in: courts visible at %.0f ms; %d page files asked over the network, "
                            + "%.1f KB on the wire in all%n"
                            + "  first visit after a release, signed in: courts visible at %.0f ms; %d page files, %.1f KB"
                            + " on the wire%n",
                    language,
                    LATENCY_MS,
                    BYTES_PER_SECOND,
                    first.paintAt(),
                    first.usableAt(),
                    first.before().size(),
                    bytes(first.before()) / 1000.0,
                    first.before().stream().mapToDouble(Fetch::decoded).sum() / 1000.0,
                    depth(first.before()),
                    later.size(),
                    bytes(later) / 1000.0,
                    later.stream().mapToDouble(Fetch::end).max().orElse(0),
                    second.usableAt(),
                    overNetwork(second.before()).size(),
                    bytes(second.before()) / 1000.0,
                    courtsAt - submitAt,
                    next.usableAt(),
                    overNetwork(pageFiles(next.before())).size(),
                    bytes(next.before()) / 1000.0,
                    release.usableAt(),
                    overNetwork(pageFiles(release.before())).size(),
                    bytes(pageFiles(release.before())) / 1000.0);
            first.before()
                    .forEach(f -> System.out.printf(
                            Locale.ROOT,
                            "    %-40s asked %6.0f, first byte %6.0f, last %6.0f ms; %6.0f B on the wire, %6.0f B read%n",
                            f.path(),
                            f.start(),
                            f.firstByte(),
                            f.end(),
                            f.transfer(),
                            f.decoded()));

            assertThat(first.before())
                    .as("before the sign-in form: the page (its style sheet written in) and its first module")
                    .extracting(Fetch::path)
                    .contains("/")
                    .anyMatch(path -> path.matches("/assets/app\\.[0-9a-f]{12}\\.js"))
                    .noneMatch(path -> path.endsWith(".css"));
            assertThat(first.before().size())
                    .as("responses before the sign-in form is usable")
                    .isLessThanOrEqualTo(MOST_RESPONSES);
            assertThat(bytes(first.before()))
                    .as("bytes on the wire before the sign-in form is usable")
                    .isLessThanOrEqualTo(MOST_BYTES);
            assertThat(first.before().stream().filter(f -> !f.path().equals("/")))
                    .as("files before the sign-in form is usable: one turn of the phone's %d connections", CONNECTIONS)
                    .hasSizeLessThanOrEqualTo(CONNECTIONS);
            assertThat(depth(first.before()))
                    .as("round trips one after another before the sign-in form is usable: the page, then its files")
                    .isLessThanOrEqualTo(MOST_ROUND_TRIPS);
            for (Fetch file : pageFiles(secondWithSignIn)) {
                if (!file.path().equals("/")) {
                    assertThat(file.path())
                            .as("every file of the page under a fingerprinted name")
                            .matches("/assets/[a-z0-9-]+\\.[0-9a-f]{12}\\.(js|css|svg)");
                }
                if (!file.path().endsWith(".svg") && file.transfer() > 0) {
                    assertThat(file.encoded())
                            .as("%s arrives compressed", file.path())
                            .isLessThan(file.decoded());
                }
            }
            assertThat(overNetwork(pageFiles(second.before())))
                    .as("on a second visit, the page's files asked over the network")
                    .extracting(Fetch::path)
                    .containsExactly("/");
            assertThat(overNetwork(pageFiles(next.fetches())))
                    .as("on the next visit signed in, the page's files asked over the network")
                    .extracting(Fetch::path)
                    .containsExactly("/");
        } finally {
            driver.quit();
        }
    }

    /** One response: when it was asked, its first and last byte (ms since the navigation), its sizes. */
    record Fetch(
            String path, double start, double firstByte, double end, double transfer, double encoded, double decoded) {}

    /** A visit until {@code mark}: when that came, the first paint, and every response of the document so far. */
    record Load(double usableAt, double paintAt, List<Fetch> fetches) {

        static Load until(ChromeDriver driver, WebDriverWait wait, String mark) {
            double at = awaitMark(driver, wait, mark);
            double paint = ((Number) driver.executeScript(FIRST_PAINT)).doubleValue();
            return new Load(at, paint, responses(driver));
        }

        /** The responses that had arrived when the mark came. */
        List<Fetch> before() {
            return fetches.stream().filter(f -> f.end() <= usableAt).toList();
        }
    }

    /**
     * How many round trips one after another the responses took: the page is the first; a response asked for after
     * the first byte of another came is one more than the deepest such. A module found only in another module's imports
     * is one deeper than it; files named in the page are the second.
     */
    static int depth(List<Fetch> fetches) {
        List<Fetch> byStart = fetches.stream()
                .sorted(Comparator.comparingDouble(Fetch::start))
                .toList();
        List<Integer> depths = new ArrayList<>();
        int deepest = 0;
        for (int i = 0; i < byStart.size(); i++) {
            int depth = 1;
            for (int j = 0; j < i; j++) {
                if (byStart.get(j).firstByte() <= byStart.get(i).start()) {
                    depth = Math.max(depth, depths.get(j) + 1);
                }
            }
            depths.add(depth);
            deepest = Math.max(deepest, depth);
        }
        return deepest;
    }

    private static List<Fetch> pageFiles(List<Fetch> fetches) {
        return fetches.stream()
                .filter(f -> f.path().equals("/") || f.path().startsWith("/assets/"))
                .toList();
    }

    private static List<Fetch> overNetwork(List<Fetch> fetches) {
        return fetches.stream().filter(f -> f.transfer() > 0).toList();
    }

    private static double bytes(List<Fetch> fetches) {
        return fetches.stream().mapToDouble(Fetch::transfer).sum();
    }

    /** Waits until no response has come for a while (the screens after sign-in are in); answers every response. */
    private static List<Fetch> quiet(ChromeDriver driver) {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        int seen = -1;
        long still = System.nanoTime();
        while (System.nanoTime() < deadline) {
            int now = responses(driver).size();
            if (now != seen) {
                seen = now;
                still = System.nanoTime();
            } else if (System.nanoTime() - still
                    > Duration.ofMillis(2L * LATENCY_MS + 500).toNanos()) {
                break;
            }
            TestApi.sleep(100);
        }
        return responses(driver);
    }

    private static double awaitMark(ChromeDriver driver, WebDriverWait wait, String name) {
        wait.until(d -> driver.executeScript("return window.__marks && window.__marks['" + name + "'] !== undefined"));
        return mark(driver, name);
    }

    private static double mark(ChromeDriver driver, String name) {
        return ((Number) driver.executeScript("return window.__marks['" + name + "']")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static List<Fetch> responses(ChromeDriver driver) {
        List<Map<String, Object>> entries = (List<Map<String, Object>>) driver.executeScript(FETCHES);
        return entries.stream()
                .map(e -> new Fetch(
                        (String) e.get("path"),
                        number(e, "start"),
                        number(e, "firstByte"),
                        number(e, "end"),
                        number(e, "transfer"),
                        number(e, "encoded"),
                        number(e, "decoded")))
                .toList();
    }

    private static double number(Map<String, Object> entry, String key) {
        return ((Number) entry.get(key)).doubleValue();
    }
}
