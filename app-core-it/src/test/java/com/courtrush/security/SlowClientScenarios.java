package com.courtrush.security;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.support.SlowClients;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Slow clients cannot take the engine (decision 20): from one address, as a campus NAT shows it,
 * connections trickling their headers or their bodies a byte a second are held open through a rush.
 */
public interface SlowClientScenarios extends StackAccess {

    int SLOW_HEADERS = 200;
    int SLOW_BODIES = 200;

    @Test
    default void twoHundredSlowBodiesAndTwoHundredSlowHeadersFromOneAddressCannotStopARush() throws Exception {
        long courtA = api().createCourt();
        long courtB = api().createCourt();
        List<Student> students = api().students(150);
        LocalDateTime flash = now().plusSeconds(4).withNano(0);
        long session = api().createSession(tomorrow(), flash, 2);
        List<Long> slots = api().generateSlots(session, List.of(courtA, courtB), "08:00", "18:00", 60, 3);
        int places = slots.size() * 3;

        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        root.addAppender(logged);
        try (SlowClients slow = SlowClients.open(api().port(), SLOW_HEADERS, SLOW_BODIES)) {
            // everyone else: the page's own requests, all through the rush
            AtomicBoolean rushing = new AtomicBoolean(true);
            List<String> bystanders = new CopyOnWriteArrayList<>();
            ExecutorService page = Executors.newSingleThreadExecutor();
            Future<?> pageLoads = page.submit(() -> {
                while (rushing.get()) {
                    bystanders.add(api().get("/ping", null).status() + " ping");
                    bystanders.add(api().get(
                                            "/slots?date=" + tomorrow(),
                                            students.get(0).token())
                                    .status() + " slots");
                    com.courtrush.support.TestApi.sleep(200);
                }
            });

            // each student tries two slots at once, just after the flash time
            ExecutorService crowd = Executors.newFixedThreadPool(32);
            List<Future<Reply>> replies = new ArrayList<>();
            sleepUntil(flash.plusNanos(100_000_000));
            for (int i = 0; i < students.size(); i++) {
                Student student = students.get(i);
                for (long slot : List.of(slots.get(i % slots.size()), slots.get((i * 7 + 3) % slots.size()))) {
                    replies.add(crowd.submit(() -> api().reserve(student, session, slot)));
                }
            }
            Map<String, Student> granted = new ConcurrentHashMap<>();
            Map<String, Integer> outcomes = new ConcurrentHashMap<>();
            for (int i = 0; i < replies.size(); i++) {
                Reply reply = replies.get(i).get();
                outcomes.merge(reply.status() + " " + reply.enumCode(), 1, Integer::sum);
                if (reply.status() == 202) {
                    granted.put(reply.data().path("traceId").asText(), students.get(i / 2));
                }
            }
            crowd.shutdown();
            rushing.set(false);
            pageLoads.get();
            page.shutdown();

            assertThat(outcomes.keySet())
                    .as("every attempt answered as in any rush: %s", outcomes)
                    .allMatch(outcome -> outcome.startsWith("202 ") || outcome.startsWith("409 "));
            assertThat(granted).as("the rush sells out: %s", outcomes).hasSize(places);
            assertThat(bystanders)
                    .as("the page's requests during the rush")
                    .isNotEmpty()
                    .allMatch(answer -> answer.startsWith("200 "));

            // the deadlines end them: 10 s for headers, 10 s for a body, each checked every second
            await().atMost(Duration.ofSeconds(20)).until(() -> slow.stillOpen() == 0);
            Map<String, Long> answers = slow.connections().stream()
                    .collect(Collectors.groupingBy(
                            connection -> connection.kind() + " " + connection.answer(), Collectors.counting()));
            assertThat(answers)
                    .as("bodies answered 408, headers closed unanswered")
                    .containsOnlyKeys("BODY HTTP/1.1 408 ", "HEADERS ");
            assertThat(slow.connections())
                    .allMatch(connection -> connection.endedAfterSeconds() < 15, "ended within 15 s of opening");
            granted.forEach((trace, student) -> assertThat(api().awaitResult(student, trace, SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .as("trace %s", trace)
                    .isEqualTo("SUCCESS"));
        } finally {
            root.detachAppender(logged);
        }
        assertThat(logged.list.stream()
                        .filter(event -> event.getLevel().isGreaterOrEqual(Level.ERROR))
                        .map(ILoggingEvent::getFormattedMessage))
                .as("nothing logged at ERROR for slow clients")
                .isEmpty();
        bean(Reconciler.class).reconcile();
        assertThat(invariants().assertHold(session)).isEqualTo(places);
    }
}
