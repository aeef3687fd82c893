package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Chromium;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The students' page on a weak network — Chromium throttled to 1,500 ms of latency and 40 kB/s each way, as a
 * phone at the edge of the campus Wi-Fi at the rush: the page arrives compressed, every file of it under a
 * fingerprinted name, all modules asked for at once after the HTML, and a second visit takes every file from the
 * browser's cache without asking. It prints how long the sign-in form and the courts took to show, and the bytes
 * and files sent (docs/student-page.md keeps the figures); speed is measured here, never asserted.
 */
class WeakNetworkPageIT extends PageTest {

    static final int LATENCY_MS = 1_500;
    static final int BYTES_PER_SECOND = 40_000;

    /**
     * Runs in every document before the page's own scripts: notes when the sign-in form is on screen with its words,
     * when the first court's slot is, and when the form was sent (ms since the navigation started).
     */
    private static final String MARKS = """
            (() => {
              const marks = window.__marks = {};
              document.addEventListener('submit', () => { if (marks.submit === undefined) marks.submit = performance.now(); }, true);
              const look = () => {
                const view = document.getElementById('view-signin');
                const title = view && view.querySelector('h1');
                if (marks.signin === undefined && view && !view.hidden && view.offsetParent && title && title.textContent.trim()) {
                  marks.signin = performance.now();
                }
                if (marks.courts === undefined && document.querySelector('li.slot[data-slot]')) {
                  marks.courts = performance.now();
                }
              };
              setInterval(look, 10);
            })();""";

    /** The page's own files fetched by this document: name, bytes on the wire, bytes of the body as sent and as read. */
    private static final String FILES = """
            return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
              .filter(e => new URL(e.name).origin === location.origin && /^\\/($|index\\.html|assets\\/)/.test(new URL(e.name).pathname))
              .map(e => ({path: new URL(e.name).pathname + new URL(e.name).search, transfer: e.transferSize,
                          encoded: e.encodedBodySize, decoded: e.decodedBodySize}));""";

    @Test
    void aPhoneOnAWeakNetworkGetsThePageCompressedFingerprintedAndCachedAndPrintsHowLongItTook() {
        Student student = api().students(1).get(0);
        long court = api().createCourt("Court W");
        long opening =
                api().createSession(Times.tomorrow(), Times.now().plusHours(1).withNano(0), 2);
        api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);

        ChromeDriver driver = Chromium.open(360, "zh-CN", Duration.ZERO);
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

            // first visit: nothing cached
            driver.get(base);
            double signinAt = awaitMark(driver, wait, "signin");
            List<Map<String, Object>> first = files(driver);
            driver.findElement(By.name("studentId")).sendKeys(student.studentId());
            driver.findElement(By.name("password")).sendKeys(TestApi.passwordOf(student));
            driver.findElement(By.cssSelector("#signin-form button[type=submit]"))
                    .click();
            double courtsAt = awaitMark(driver, wait, "courts");
            double submitAt = mark(driver, "submit");

            // the next visit, signed in: the files from the cache
            driver.get(base);
            double againCourtsAt = awaitMark(driver, wait, "courts");
            List<Map<String, Object>> again = files(driver);

            System.out.printf(
                    Locale.ROOT,
                    "WEAK NETWORK (latency %d ms, %d B/s each way)%n"
                            + "  first visit: sign-in form visible at %.0f ms; %d files, %.1f KB on the wire, %.1f KB read%n"
                            + "  signing in: courts visible %.0f ms after the form was sent%n"
                            + "  next visit, signed in: courts visible at %.0f ms; %d files asked over the network, "
                            + "%.1f KB on the wire%n",
                    LATENCY_MS,
                    BYTES_PER_SECOND,
                    signinAt,
                    first.size(),
                    sum(first, "transfer") / 1000.0,
                    sum(first, "decoded") / 1000.0,
                    courtsAt - submitAt,
                    againCourtsAt,
                    again.stream().filter(f -> number(f, "transfer") > 0).count(),
                    sum(again, "transfer") / 1000.0);
            first.forEach(f -> System.out.printf(
                    Locale.ROOT,
                    "    %-40s %7.0f B on the wire, %7.0f B read%n",
                    f.get("path"),
                    number(f, "transfer"),
                    number(f, "decoded")));

            assertThat(first)
                    .as("the page's files on the first visit")
                    .extracting(f -> (String) f.get("path"))
                    .contains("/")
                    .anyMatch(path -> path.matches("/assets/app\\.[0-9a-f]{12}\\.js"))
                    .anyMatch(path -> path.matches("/assets/app\\.[0-9a-f]{12}\\.css"));
            for (Map<String, Object> file : first) {
                String path = (String) file.get("path");
                if (!path.equals("/")) {
                    assertThat(path)
                            .as("every file of the page under a fingerprinted name")
                            .matches("/assets/[a-z0-9-]+\\.[0-9a-f]{12}\\.(js|css|svg)");
                }
                if (!path.endsWith(".svg")) {
                    assertThat(number(file, "encoded"))
                            .as("%s arrives compressed", path)
                            .isLessThan(number(file, "decoded"));
                }
            }
            assertThat(again)
                    .as("on the next visit, files asked over the network")
                    .filteredOn(f -> number(f, "transfer") > 0)
                    .extracting(f -> (String) f.get("path"))
                    .containsExactly("/");
        } finally {
            driver.quit();
        }
    }

    private static double awaitMark(ChromeDriver driver, WebDriverWait wait, String name) {
        wait.until(d -> driver.executeScript("return window.__marks && window.__marks['" + name + "'] !== undefined"));
        return mark(driver, name);
    }

    private static double mark(ChromeDriver driver, String name) {
        return ((Number) driver.executeScript("return window.__marks['" + name + "']")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> files(ChromeDriver driver) {
        return (List<Map<String, Object>>) driver.executeScript(FILES);
    }

    private static double number(Map<String, Object> file, String key) {
        return ((Number) file.get(key)).doubleValue();
    }

    private static double sum(List<Map<String, Object>> files, String key) {
        return files.stream().mapToDouble(f -> number(f, key)).sum();
    }
}
