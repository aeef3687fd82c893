package com.courtrush.notice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import com.courtrush.infra.config.Repeated;
import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.notice.api.WebhookTarget;
import com.courtrush.support.MovingClock;
import com.courtrush.support.TestProperties;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A post to the staff webhook goes to the addresses checked just before it — a name the system cannot resolve is
 * reached through them, a name that now resolves to loopback is not posted to at all — and what the receiver
 * answered is told as a short status of the engine's, never its text (issue 45).
 */
class StaffWebhookTest {

    final List<String> received = new CopyOnWriteArrayList<>();
    final AtomicReference<Answer> answer = new AtomicReference<>(new Answer(200, "{\"errcode\":0,\"errmsg\":\"ok\"}"));
    final Map<String, String[]> names = new java.util.HashMap<>();
    HttpServer receiver;
    StaffWebhook webhook;

    record Answer(int status, String body) {}

    @BeforeEach
    void start() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            received.add(exchange.getRequestURI().toString());
            byte[] body = answer.get().body().getBytes(StandardCharsets.UTF_8);
            if (answer.get().status() == 302) {
                exchange.getResponseHeaders().add("Location", "http://127.0.0.1:1/elsewhere");
            }
            exchange.sendResponseHeaders(answer.get().status(), body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        receiver.start();
        WebhookAddresses addresses = new WebhookAddresses(List.of("robot.intranet"), mock(OwnServices.class), host -> {
            String[] answers = names.get(host);
            if (answers == null) {
                throw new UnknownHostException(host);
            }
            String next = answers[0];
            if (answers.length > 1) {
                names.put(host, java.util.Arrays.copyOfRange(answers, 1, answers.length));
            }
            return new InetAddress[] {InetAddress.getByName(next)};
        });
        webhook = new StaffWebhook(
                TestProperties.courtRush(Map.of()),
                mock(StaffAlertMapper.class),
                mock(NoticeChannels.class),
                addresses,
                mock(Repeated.class),
                new MovingClock(Instant.parse("2026-11-25T05:00:00Z")));
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
    }

    Attempt post(String host, String path) {
        return webhook.deliver(
                new WebhookTarget("http://" + host + ":" + receiver.getAddress().getPort() + path, WebhookFormat.ROBOT),
                "TEST:1",
                "TEST",
                "a test",
                LocalDateTime.of(2026, 11, 25, 13, 0));
    }

    @Test
    void aPostGoesToTheAddressCheckedNotToWhatTheNameResolvesToLater() {
        names.put("robot.intranet", new String[] {"127.0.0.1"});
        assertThat(post("robot.intranet", "/robot?key=k1")).isEqualTo(Attempt.DELIVERED);
        assertThat(received).containsExactly("/robot?key=k1");

        names.put("rebind.example", new String[] {"127.0.0.1"});
        Attempt rebound = post("rebind.example", "/robot");
        assertThat(rebound.result()).isEqualTo(Attempt.Result.NOT_ALLOWED);
        assertThat(rebound.summary()).isEqualTo("not allowed (LOOPBACK)");
        assertThat(received).as("nothing posted").hasSize(1);
    }

    @Test
    void whatTheReceiverSaidIsAShortStatusNeverItsText() {
        names.put("robot.intranet", new String[] {"127.0.0.1"});
        answer.set(new Answer(403, "-NOAUTH Authentication required."));
        Attempt forbidden = post("robot.intranet", "/robot");
        assertThat(forbidden.summary()).isEqualTo("refused (HTTP 403)");
        assertThat(forbidden.text("x").in(java.util.Locale.ENGLISH))
                .isEqualTo("Refused by the receiver (HTTP 403).")
                .doesNotContain("NOAUTH");

        answer.set(new Answer(200, "{\"errcode\":93000,\"errmsg\":\"invalid webhook url, hint: [1732] more info\"}"));
        assertThat(post("robot.intranet", "/robot").summary()).isEqualTo("refused (errcode 93000)");

        answer.set(new Answer(302, ""));
        assertThat(post("robot.intranet", "/robot").summary())
                .as("a redirect is not followed")
                .isEqualTo("refused (HTTP 302)");
        assertThat(received).hasSize(3);

        answer.set(new Answer(200, "taken"));
        assertThat(post("robot.intranet", "/robot")).isEqualTo(Attempt.DELIVERED);

        // an errcode that is no number is no robot's answer: taken, never an exception that quotes it
        answer.set(new Answer(200, "{\"errcode\":\"secret-words\"}"));
        assertThat(post("robot.intranet", "/robot")).isEqualTo(Attempt.DELIVERED);
    }

    @Test
    void nothingListeningIsUnreachable() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            closed = socket.getLocalPort();
        }
        names.put("robot.intranet", new String[] {"127.0.0.1"});
        Attempt attempt = webhook.deliver(
                new WebhookTarget("http://robot.intranet:" + closed + "/robot", WebhookFormat.JSON),
                "TEST:2",
                "TEST",
                "a test",
                LocalDateTime.of(2026, 11, 25, 13, 0));
        assertThat(attempt).isEqualTo(Attempt.UNREACHABLE);
        assertThat(attempt.text("x").in(java.util.Locale.SIMPLIFIED_CHINESE)).startsWith("无法送达");
    }
}
