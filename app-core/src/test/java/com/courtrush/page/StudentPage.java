package com.courtrush.page;

import com.courtrush.support.TestApi;
import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The students' page in one browser, as a student uses it: what they see and what they tap. */
final class StudentPage implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target", "page-screenshots");

    final ChromeDriver driver;
    private final String base;

    StudentPage(ChromeDriver driver, int port) {
        this(driver, "127.0.0.1", port);
    }

    /** The page at another address of this machine: a campus address, say (plain http, not loopback). */
    StudentPage(ChromeDriver driver, String host, int port) {
        this.driver = driver;
        this.base = "http://" + host + ":" + port;
    }

    void open(String hash) {
        driver.get(base + "/" + hash);
    }

    void signIn(String studentId, String password) {
        await(d -> d.findElement(By.id("view-signin")).isDisplayed());
        if (Boolean.TRUE.equals(js("return /MicroMessenger/i.test(navigator.userAgent)"))) {
            // inside WeChat the view may leave for WeChat's sign-in first: typed only once it stays
            awaitCampusOffer();
        }
        WebElement id = driver.findElement(By.name("studentId"));
        id.clear();
        id.sendKeys(studentId);
        WebElement secret = driver.findElement(By.name("password"));
        secret.clear();
        secret.sendKeys(password);
        tap(driver.findElement(By.cssSelector("#signin-form button[type=submit]")));
    }

    /** Signs in as {@code student}, with their password. */
    void signIn(TestApi.Student student) {
        signIn(student.studentId(), TestApi.passwordOf(student));
    }

    /** Opens the page and signs in as {@code student}: the courts show. */
    void signInToTheCourts(TestApi.Student student) {
        open("");
        signIn(student);
        await(d -> showsView("slots"));
    }

    String signInError() {
        return await(d -> {
            WebElement error = d.findElement(By.id("signin-error"));
            return error.isDisplayed() ? error.getText() : null;
        });
    }

    String signInNotice() {
        return driver.findElement(By.id("signin-notice")).getText();
    }

    /**
     * The sign-in view's "Sign in with {label}" button, once the view has heard whether the campus sign-in is
     * offered (it is displayed only when it is).
     */
    WebElement campusSignInButton() {
        awaitCampusOffer();
        return driver.findElement(By.id("campus-signin"));
    }

    /** Presses the campus sign-in: the page leaves for the engine's /auth/campus/start. */
    void pressCampusSignIn() {
        WebElement button = campusSignInButton();
        await(d -> button.isDisplayed());
        tap(button);
    }

    /** After a campus sign-out, the link to the university's own sign-out: its address, if offered. */
    Optional<String> campusLogoutLink() {
        awaitCampusOffer();
        WebElement link = driver.findElement(By.id("campus-logout-link"));
        return link.isDisplayed() ? Optional.ofNullable(link.getAttribute("href")) : Optional.empty();
    }

    /** The sign-in view on screen and its campus parts drawn from the engine's answer (data-campus="ready"). */
    private void awaitCampusOffer() {
        await(d -> {
            WebElement view = d.findElement(By.id("view-signin"));
            return view.isDisplayed() && "ready".equals(view.getAttribute("data-campus"));
        });
    }

    /** Loads the page again, as a student pulling to refresh would (the sign-in is kept). */
    void reload() {
        driver.navigate().refresh();
    }

    /**
     * Errors in the page's console: script errors and Content-Security-Policy refusals. An HTTP
     * error answer (401, 409 ...) is logged by the browser too; the page handles those.
     */
    List<String> scriptErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(message -> !message.contains("Failed to load resource"))
                .toList();
    }

    /**
     * What axe-core (Deque's accessibility rules, run in this browser) finds against WCAG 2.1 A and AA
     * on the page as it is now: one line per rule broken, with the elements that break it.
     */
    List<String> accessibilityViolations() {
        Results results = new AxeBuilder()
                .withTags(List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa"))
                .analyze(driver);
        return results.getViolations().stream()
                .map(rule -> rule.getId() + " (" + rule.getHelp() + "): "
                        + rule.getNodes().stream()
                                .map(node -> String.valueOf(node.getTarget()))
                                .toList())
                .toList();
    }

    /** How many times the page has sent a request to this path since it loaded. */
    long requestsTo(String path) {
        return ((Number) js(
                        "return performance.getEntriesByType('resource')"
                                + ".filter(e => new URL(e.name).pathname === arguments[0]).length",
                        path))
                .longValue();
    }

    /** Watches a reserve button until it turns on; when it did, by this machine's clock. */
    Instant awaitEnabled(long slotId, Instant deadline) {
        while (Instant.now().isBefore(deadline)) {
            try {
                if (button(slotId).isEnabled()) {
                    return Instant.now();
                }
            } catch (StaleElementReferenceException redrawn) {
                continue; // the list was redrawn: look again at once
            }
            sleepMillis(5);
        }
        throw new AssertionError("the reserve button of slot " + slotId + " did not turn on by " + deadline);
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    boolean showsView(String view) {
        return driver.findElement(By.id("view-" + view)).isDisplayed();
    }

    WebElement row(long slotId) {
        return await(d -> {
            List<WebElement> rows = d.findElements(By.cssSelector("li.slot[data-slot='" + slotId + "']"));
            return rows.isEmpty() ? null : rows.get(0);
        });
    }

    /** The slot's state as the page shows it: soon, onsale, soldout, mine, queued, closed. */
    String state(long slotId) {
        return await(d -> row(slotId).getAttribute("class")).replace("slot state-", "");
    }

    WebElement button(long slotId) {
        return row(slotId).findElement(By.cssSelector("button.reserve"));
    }

    /** The slot's price and places (or, once it is mine, its booking's state), as shown beside its time. */
    String meta(long slotId) {
        return await(d -> row(slotId).findElement(By.cssSelector(".slot-meta")).getText());
    }

    /** What a screen reader says of the slot's reserve button. */
    String buttonLabel(long slotId) {
        return await(d -> button(slotId).getAttribute("aria-label"));
    }

    /** The banner saying the engine cannot be reached: its text while it shows, else null. */
    String networkBanner() {
        WebElement banner = driver.findElement(By.id("net"));
        return banner.isDisplayed() ? banner.findElement(By.id("net-text")).getText() : null;
    }

    /**
     * The phone's network as Chromium's DevTools throttle it: {@code latencyMs} added to every request,
     * {@code downBytesPerSecond} and {@code upBytesPerSecond} its bandwidth.
     */
    void throttle(long latencyMs, long downBytesPerSecond, long upBytesPerSecond) {
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand(
                "Network.emulateNetworkConditions",
                Map.of(
                        "offline",
                        false,
                        "latency",
                        latencyMs,
                        "downloadThroughput",
                        downBytesPerSecond,
                        "uploadThroughput",
                        upBytesPerSecond));
    }

    String note(long slotId) {
        return await(d -> row(slotId).findElement(By.cssSelector(".slot-note")).getText());
    }

    List<WebElement> alternatives(long slotId) {
        return row(slotId).findElements(By.cssSelector(".slot-note button.alt"));
    }

    WebElement noteAction(long slotId) {
        return row(slotId).findElement(By.cssSelector(".slot-note button.primary"));
    }

    void awaitState(long slotId, String state) {
        awaitState(slotId, state, Duration.ofSeconds(15));
    }

    void awaitState(long slotId, String state, Duration atMost) {
        await(d -> state.equals(state(slotId)), atMost);
    }

    /** The opening a slot belongs to, as a card on the page. */
    WebElement openingOf(long slotId) {
        return row(slotId).findElement(By.xpath("ancestor::article"));
    }

    String gateText(long slotId) {
        return await(d -> openingOf(slotId).findElement(By.cssSelector(".gate")).getText());
    }

    WebElement booking(long reservationId) {
        return await(d -> {
            List<WebElement> cards =
                    d.findElements(By.cssSelector(".booking[data-reservation='" + reservationId + "']"));
            return cards.isEmpty() ? null : cards.get(0);
        });
    }

    /**
     * What a booking's card says now, read anew when the page redraws the list between finding the card and reading
     * it (a card found, then replaced by a refresh, is stale: a loaded CI run read one so).
     */
    String bookingText(long reservationId) {
        return await(d -> {
            List<WebElement> cards =
                    d.findElements(By.cssSelector(".booking[data-reservation='" + reservationId + "']"));
            return cards.isEmpty() ? null : cards.get(0).getText();
        });
    }

    WebElement sheet() {
        return await(d -> {
            WebElement sheet = d.findElement(By.id("sheet"));
            return sheet.isDisplayed() ? sheet : null;
        });
    }

    void switchLanguage() {
        driver.findElement(By.id("lang")).click();
    }

    String tabLabel(String tab) {
        return driver.findElement(By.cssSelector("#tabs a[data-tab='" + tab + "'] [data-i18n]"))
                .getText();
    }

    /** Taps an element as a thumb would: scrolled to the middle of the screen, clear of the tab bar. */
    void tap(WebElement element) {
        // scrolled until nothing covers its middle, as a thumb finds it: the page may draw something above it (a
        // banner, a list refreshed) between a scroll and the click, which then landed on the tab bar. An element the
        // page replaced meanwhile is stale at once, never waited on: the caller finds it anew (tapInBooking)
        new WebDriverWait(driver, Duration.ofSeconds(15), Duration.ofMillis(50))
                .until(d -> Boolean.TRUE.equals(js("""
                const e = arguments[0];
                e.scrollIntoView({block: 'center'});
                const r = e.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return top === e || e.contains(top);""", element)));
        element.click();
    }

    Object js(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    /** Width of the page's content in CSS px: wider than the window means sideways scrolling. */
    long contentWidth() {
        return ((Number) js("return document.documentElement.scrollWidth")).longValue();
    }

    /** Waits for a condition; the page redraws lists when their data arrive, so a found element may go stale. */
    <T> T await(Function<WebDriver, T> condition) {
        return await(condition, Duration.ofSeconds(15));
    }

    <T> T await(Function<WebDriver, T> condition, Duration atMost) {
        return new WebDriverWait(driver, atMost, Duration.ofMillis(50))
                .ignoring(StaleElementReferenceException.class)
                .until(d -> {
                    try {
                        return condition.apply(d);
                    } catch (WebDriverException e) {
                        if (detachedMeanwhile(e)) {
                            return null; // looked at as it was redrawn: look again
                        }
                        throw e;
                    }
                });
    }

    /**
     * Chrome's word for an element removed between being found and being asked about ("Node with given id does not
     * belong to the document"): a stale element that Selenium reports as an unknown error.
     */
    private static boolean detachedMeanwhile(WebDriverException e) {
        return !(e instanceof StaleElementReferenceException)
                && e.getMessage() != null
                && e.getMessage().contains("does not belong to the document");
    }

    /** Taps a button inside a booking card, finding it again if the list was redrawn meanwhile. */
    void tapInBooking(long reservationId, String buttonSelector) {
        await(d -> {
            tap(booking(reservationId).findElement(By.cssSelector(buttonSelector)));
            return true;
        });
    }

    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
