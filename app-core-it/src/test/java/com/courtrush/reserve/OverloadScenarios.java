package com.courtrush.reserve;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A rush past the node's capacity (issue 73, SPEC §11): six times as many clients as the node has request threads, at
 * once, while busy loops take every core. Answers may slow or turn into 503 or 429 with {@code Retry-After}; none is
 * anything else, nothing dies, health is UP by itself afterwards, every grant answered 202 ends SUCCESS or FAILED and
 * the invariants hold.
 */
public interface OverloadScenarios extends StackAccess {

    /** The node's request threads (server.tomcat.threads.max). */
    int REQUEST_THREADS = 16;

    @Test
    default void anOverloadedRushAnswersSlowerButNeverBreaks() throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "13:00", 60, 6);
        List<Student> crowd = api().students(REQUEST_THREADS * 6);
        List<Callable<Reply>> calls = new ArrayList<>();
        for (int i = 0; i < crowd.size(); i++) {
            Student student = crowd.get(i);
            long slot = slots.get(i % slots.size());
            calls.add(() -> api().reserve(student, session, slot));
        }

        AtomicBoolean loading = new AtomicBoolean(true);
        List<Thread> busy = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors() * 2; i++) {
            Thread loop = new Thread(
                    () -> {
                        while (loading.get()) {
                            // a core kept busy
                        }
                    },
                    "busy-loop-" + i);
            loop.setDaemon(true);
            loop.start();
            busy.add(loop);
        }
        List<Reply> replies;
        try {
            replies = TestApi.atOnce(calls);
        } finally {
            loading.set(false);
            for (Thread loop : busy) {
                loop.join();
            }
        }

        org.slf4j.LoggerFactory.getLogger(OverloadScenarios.class)
                .info(
                        "Overloaded rush of {} clients on {} busy cores: answers by status {}",
                        calls.size(),
                        busy.size(),
                        replies.stream()
                                .collect(java.util.stream.Collectors.groupingBy(
                                        Reply::status,
                                        java.util.TreeMap::new,
                                        java.util.stream.Collectors.counting())));
        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply.status()).as("%s", reply).isIn(202, 409, 429, 503);
            if (reply.status() == 429 || reply.status() == 503) {
                assertThat(reply.raw().headers().firstValue("Retry-After"))
                        .as("%s", reply)
                        .isPresent();
            }
        });
        assertThat(replies).as("some won their place").anyMatch(reply -> reply.status() == 202);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> api().get("/actuator/health", TestApi.ADMIN_TOKEN)
                        .body()
                        .path("status")
                        .asText()
                        .equals("UP"));
        for (int i = 0; i < replies.size(); i++) {
            if (replies.get(i).status() == 202) {
                assertThat(api().awaitResult(
                                        crowd.get(i),
                                        replies.get(i).data().path("traceId").asText(),
                                        Times.SETTLE)
                                .data()
                                .path("status")
                                .asText())
                        .as("grant %d, answered 202", i)
                        .isIn("SUCCESS", "FAILED");
            }
        }
        invariants().assertHold(session);
    }
}
