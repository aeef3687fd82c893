package com.courtrush.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A real headless Chromium, driven through the system's chromedriver (Debian's {@code chromium} and
 * {@code chromium-driver}; {@code COURTRUSH_CHROMIUM} / {@code COURTRUSH_CHROMEDRIVER} point
 * elsewhere). Selenium never downloads a driver. Without them the browser tests are skipped with
 * a line saying so — unless {@code CI=true}, where they run and fail.
 */
public final class Chromium implements ExecutionCondition {

    public static final Path BROWSER = Path.of(env("COURTRUSH_CHROMIUM", "/usr/bin/chromium"));
    public static final Path DRIVER = Path.of(env("COURTRUSH_CHROMEDRIVER", "/usr/bin/chromedriver"));

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER)) {
            return ConditionEvaluationResult.enabled("Chromium at " + BROWSER);
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            return ConditionEvaluationResult.enabled("CI=true: running, so that the missing browser fails the run");
        }
        return ConditionEvaluationResult.disabled("Browser tests skipped: no " + BROWSER + " and " + DRIVER
                + " (apt-get install chromium chromium-driver, as .ci/run does; CI=true requires them)");
    }

    /**
     * A phone-sized window ({@code width} CSS px, 2× pixels) whose browser prefers {@code language}.
     * {@code clockShift} makes the page's wall clock ({@code Date}) run that far ahead, as on a phone
     * whose clock is wrong; the monotonic clock is left alone.
     */
    /**
     * As {@link #open}, as WeChat's own browser on a phone: its user agent, and {@code bridge} — a stand-in for its
     * {@code WeixinJSBridge} (the WeChat Pay simulator's) — in every page before the page's own scripts; the page's
     * content security policy is bypassed so the stand-in may reach the simulator, as WeChat's own bridge needs no
     * fetch at all.
     */
    public static ChromeDriver openInsideWechat(int width, String language, String bridge) {
        ChromeDriver driver = open(width, language, Duration.ZERO, WECHAT_USER_AGENT);
        driver.executeCdpCommand("Page.setBypassCSP", Map.of("enabled", true));
        driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", bridge));
        return driver;
    }

    /** WeChat 8's browser on an Android phone, as it names itself. */
    static final String WECHAT_USER_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like "
            + "Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN";

    public static ChromeDriver open(int width, String language, Duration clockShift) {
        return open(width, language, clockShift, null);
    }

    private static ChromeDriver open(int width, String language, Duration clockShift, String userAgent) {
        if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException("No Chromium at " + BROWSER + " with a driver at " + DRIVER
                    + ": apt-get install chromium chromium-driver (or set COURTRUSH_CHROMIUM/COURTRUSH_CHROMEDRIVER)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
                "--lang=" + language);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL")); // the page's console, for its errors
        Map<String, Object> emulation = new java.util.HashMap<>(Map.of(
                "deviceMetrics",
                Map.of("width", width, "height", 740, "pixelRatio", 2.0, "mobile", true, "touch", true)));
        if (userAgent != null) {
            emulation.put("userAgent", userAgent);
        }
        options.setExperimentalOption("mobileEmulation", emulation);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        if (!clockShift.isZero()) {
            driver.executeCdpCommand(
                    "Page.addScriptToEvaluateOnNewDocument", Map.of("source", """
                    (() => {
                      const shift = %d;
                      const RealDate = Date;
                      class ShiftedDate extends RealDate {
                        constructor(...args) { if (args.length) { super(...args); } else { super(RealDate.now() + shift); } }
                        static now() { return RealDate.now() + shift; }
                      }
                      window.Date = ShiftedDate;
                    })();""".formatted(clockShift.toMillis())));
        }
        return driver;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
