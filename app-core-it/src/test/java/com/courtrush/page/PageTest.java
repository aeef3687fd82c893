package com.courtrush.page;

import com.courtrush.support.AtGymHours;
import com.courtrush.support.Chromium;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One engine for the page's classes (issue 71): the same configuration, so a test JVM that runs more than one of them
 * starts it once (Spring's context cache), with a real Chromium for each test ({@link Chromium}). A scenario that
 * depends on the hour runs at one of the hours ({@link AtGymHours}, chosen by its name): the page's writing of a time
 * at every hour is its module tests' ({@code times.test.js}), the engine's at every hour {@code EmbeddedStackIT}'s;
 * four Chromium runs of each cost the build 80 s for nothing more.
 */
@ExtendWith(Chromium.class)
abstract class PageTest extends StackTest {

    static final int PHONE = 360;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        EmbeddedStack.register(registry, "courtrush-page-it-");
        // sign-ins wait out an opening's first seconds here (the other suites turn the hold off)
        registry.add("courtrush.auth.sign-in-hold", () -> "4s");
    }

    /**
     * Each scenario's openings closed after it: a page lands on the earliest opening not closed, and a scenario run at
     * another of the gym's hours made its "tomorrow" another day — the next scenario's page lands on its own.
     */
    @AfterEach
    void closeTheOpeningsLeftOpen() {
        for (long opening : jdbc().queryForList("select id from reserve_session where state <> 'CLOSED'", Long.class)) {
            TestApi.expect(200, api().post("/admin/sessions/" + opening + "/close", TestApi.ADMIN_TOKEN, null));
        }
    }

    static void sleepUntil(Instant moment) {
        long millis = Duration.between(Instant.now(), moment).toMillis();
        if (millis > 0) {
            TestApi.sleep(millis);
        }
    }
}
