package com.courtrush.support;

import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The gym's mail server in a test: a real SMTP server (GreenMail) on this machine that a running engine sends its
 * notices through while it is open (the email channel turned on by a manager's request, off again at the close: the
 * engine is shared by the scenarios).
 */
public final class Mailbox implements AutoCloseable {

    private final GreenMail mail;
    private final TestApi api;

    private Mailbox(GreenMail mail, TestApi api) {
        this.mail = mail;
        this.api = api;
    }

    /** Starts the server and points the engine {@code api} talks to at it. */
    public static Mailbox start(TestApi api) {
        GreenMail mail = new GreenMail(new ServerSetup(freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        mail.start();
        Mailbox box = new Mailbox(mail, api);
        try {
            TestApi.expect(200, box.channel(true, mail.getSmtp().getPort()));
        } catch (RuntimeException | AssertionError e) {
            mail.stop();
            throw e;
        }
        return box;
    }

    /** The text of the first email to {@code address} whose text contains {@code containing}, once it arrived. */
    public String awaitText(String address, String containing) {
        return await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> Arrays.stream(mail.getReceivedMessages())
                                .filter(m -> to(m, address))
                                .map(Mailbox::text)
                                .filter(text -> text.contains(containing))
                                .findFirst(),
                        Optional::isPresent)
                .orElseThrow();
    }

    @Override
    public void close() {
        try {
            TestApi.expect(200, channel(false, 25));
        } finally {
            mail.stop();
        }
    }

    private TestApi.Reply channel(boolean enabled, int port) {
        return api.put(
                "/admin/notice-channels/email",
                TestApi.ADMIN_TOKEN,
                Map.of(
                        "enabled",
                        enabled,
                        "server",
                        Map.of("host", "127.0.0.1", "port", port, "from", "courts@gym.example", "security", "NONE")));
    }

    private static boolean to(MimeMessage message, String address) {
        try {
            return Arrays.stream(message.getAllRecipients())
                    .anyMatch(a -> a.toString().equals(address));
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(MimeMessage message) {
        try {
            return message.getContent().toString();
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
