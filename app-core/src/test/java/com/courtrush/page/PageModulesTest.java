package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Chromium;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The students' page's modules (the gate's clock, the tap guard, result polling, what counts as the
 * engine unreached, the stores, and each screen's logic: the tap's answers, the courts' rows and gates,
 * my bookings, sign-in, account and notices), unit-tested in the Chromium the browser tests use: the
 * screens' tests render into a piece of the page's markup with the engine answering from a script
 * ({@code support.js}). The page's own files and the
 * tests in {@code src/test/resources/page-tests} are served from the classpath by a small file server,
 * and {@code run.js} runs every test there. Without Chromium this is skipped with a line saying so,
 * unless {@code CI=true}, where it fails.
 */
@ExtendWith(Chromium.class)
class PageModulesTest {

    /** The tests run.js holds today: fewer means a test module was not run. */
    private static final int AT_LEAST = 78;

    @Test
    void everyTestOfThePagesModulesPasses() throws IOException {
        HttpServer files = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        files.createContext("/assets/", exchange -> serve(exchange, "static"));
        files.createContext("/page-tests/", exchange -> serve(exchange, ""));
        files.start();
        ChromeDriver driver = Chromium.open(360, "en-US", Duration.ZERO);
        try {
            driver.get("http://127.0.0.1:" + files.getAddress().getPort() + "/page-tests/index.html");
            Object answer = driver.executeAsyncScript("""
                    const done = arguments[arguments.length - 1];
                    import('/page-tests/run.js')
                        .then(m => m.runAll())
                        .then(results => done(JSON.stringify(results)),
                              e => done(JSON.stringify([{test: 'loading the modules', error: String(e)}])));""");
            JsonNode results = new ObjectMapper().readTree(String.valueOf(answer));
            List<String> failed = new ArrayList<>();
            results.forEach(r -> {
                if (!r.path("error").isNull()) {
                    failed.add(r.path("test").asText() + " — " + r.path("error").asText());
                }
            });
            assertThat(failed).as("failed tests of the page's modules").isEmpty();
            assertThat(results.size()).as("tests run").isGreaterThanOrEqualTo(AT_LEAST);
        } finally {
            driver.quit();
            files.stop(0);
        }
    }

    /** A file from the classpath under {@code root}, with the type a browser needs to run it as a module. */
    private static void serve(HttpExchange exchange, String root) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String resource = root.isEmpty() ? path : "/" + root + path;
        try (exchange;
                InputStream in = path.contains("..") ? null : PageModulesTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = in.readAllBytes();
            exchange.getResponseHeaders()
                    .set(
                            "Content-Type",
                            path.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
    }
}
