package com.courtrush.notice;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.setting.GymName;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mail.MailAuthenticationException;
import org.springframework.mail.MailException;
import org.springframework.mail.MailPreparationException;
import org.springframework.mail.MailSendException;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;

/**
 * Sends one plain-text email through the SMTP server a manager configured (Spring's {@link JavaMailSenderImpl},
 * made again when the settings change). Each message carries the id it was given as its {@code Message-ID}, so
 * a receiver can drop a repeat when a send is retried. It comes from the gym by name ({@code
 * courtrush.notices.from-name}, else the gym's name as given at the console's first start, {@link GymName}) and says it was sent by a machine ({@code
 * Auto-Submitted: auto-generated}, RFC 3834): no out-of-office reply should answer it.
 */
@Component
class Mailer {

    static final String AUTO_SUBMITTED = "Auto-Submitted";

    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int IO_TIMEOUT_MS = 15_000;

    private final AtomicReference<Made> made = new AtomicReference<>();
    /** The sender's name configured for the mail alone; null: the gym's name. */
    private final String fromName;

    private final Supplier<String> gymName;

    @Autowired
    Mailer(CourtRushProperties properties, GymName gym) {
        this(properties, gym::current);
    }

    Mailer(CourtRushProperties properties, Supplier<String> gymName) {
        String name = properties.notices().fromName();
        this.fromName = name == null || name.isBlank() ? null : name.strip();
        this.gymName = gymName;
    }

    /** Sends it now; throws when the server refuses it or cannot be reached. */
    void send(EmailServer server, String to, String messageId, String subject, String text) {
        JavaMailSenderImpl sender = senderFor(server);
        String domain = server.from().substring(server.from().indexOf('@') + 1);
        MimeMessage message = new MimeMessage(sender.getSession()) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", "<" + messageId.replaceAll("[^A-Za-z0-9._-]", ".") + "@" + domain + ">");
            }
        };
        try {
            MimeMessageHelper helper = new MimeMessageHelper(message, StandardCharsets.UTF_8.name());
            String name = fromName == null ? gymName.get() : fromName;
            helper.setFrom(new InternetAddress(server.from(), name, StandardCharsets.UTF_8.name()));
            message.setHeader(AUTO_SUBMITTED, "auto-generated");
            helper.setTo(to);
            helper.setSubject(subject);
            helper.setText(text);
        } catch (MessagingException | UnsupportedEncodingException e) {
            throw new MailPreparationException("email " + messageId + " could not be written", e);
        }
        sender.send(message);
    }

    /**
     * How a send that threw went, in the engine's words: refused with the SMTP server's reply code (or its refusal
     * of the sign-in), else unreachable; never the server's own text (issue 45).
     */
    static Attempt attempt(MailException failed) {
        Deque<Throwable> waiting = new ArrayDeque<>(List.of(failed));
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!waiting.isEmpty()) {
            Throwable each = waiting.pop();
            if (!seen.add(each)) {
                continue;
            }
            if (each instanceof SMTPSendFailedException refused && refused.getReturnCode() > 0) {
                return Attempt.refused("SMTP " + refused.getReturnCode());
            }
            if (each instanceof SMTPAddressFailedException refused && refused.getReturnCode() > 0) {
                return Attempt.refused("SMTP " + refused.getReturnCode());
            }
            if (each instanceof SMTPSenderFailedException refused && refused.getReturnCode() > 0) {
                return Attempt.refused("SMTP " + refused.getReturnCode());
            }
            if (each instanceof AuthenticationFailedException || each instanceof MailAuthenticationException) {
                return Attempt.refused("SMTP sign-in");
            }
            if (each instanceof MailSendException send) {
                waiting.addAll(send.getFailedMessages().values());
            }
            if (each instanceof MessagingException messaging && messaging.getNextException() != null) {
                waiting.add(messaging.getNextException());
            }
            if (each.getCause() != null) {
                waiting.add(each.getCause());
            }
        }
        return Attempt.UNREACHABLE;
    }

    private JavaMailSenderImpl senderFor(EmailServer server) {
        Made current = made.get();
        if (current != null && current.server().equals(server)) {
            return current.sender();
        }
        JavaMailSenderImpl sender = new JavaMailSenderImpl();
        sender.setHost(server.host());
        sender.setPort(server.port());
        sender.setUsername(server.username());
        sender.setPassword(server.password());
        sender.setDefaultEncoding(StandardCharsets.UTF_8.name());
        Properties properties = new Properties();
        properties.put("mail.smtp.connectiontimeout", CONNECT_TIMEOUT_MS);
        properties.put("mail.smtp.timeout", IO_TIMEOUT_MS);
        properties.put("mail.smtp.writetimeout", IO_TIMEOUT_MS);
        properties.put("mail.smtp.auth", server.username() != null);
        switch (server.security()) {
            case STARTTLS -> {
                properties.put("mail.smtp.starttls.enable", true);
                properties.put("mail.smtp.starttls.required", true);
            }
            case SSL -> {
                sender.setProtocol("smtps");
                properties.put("mail.smtps.connectiontimeout", CONNECT_TIMEOUT_MS);
                properties.put("mail.smtps.timeout", IO_TIMEOUT_MS);
                properties.put("mail.smtps.writetimeout", IO_TIMEOUT_MS);
                properties.put("mail.smtps.auth", server.username() != null);
            }
            case NONE -> {}
        }
        sender.setJavaMailProperties(properties);
        made.set(new Made(server, sender));
        return sender;
    }

    private record Made(EmailServer server, JavaMailSenderImpl sender) {}
}
