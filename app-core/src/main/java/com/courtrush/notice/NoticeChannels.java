package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Texts;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * The optional channels (SPEC §17), off until a manager configures them: email over the gym's SMTP server to
 * students who verified an address, and a webhook (a WeCom or DingTalk group robot, or any JSON receiver) for
 * what staff must know. Read by every node from the database, cached for a few seconds. The SMTP password is
 * kept to be used and never shown again.
 */
@Service
public class NoticeChannels {

    static final String EMAIL = "EMAIL";
    static final String WEBHOOK = "WEBHOOK";

    private final NoticeChannelMapper mapper;
    private final Clock clock;
    private final LoadingCache<String, Map<String, NoticeChannelMapper.Stored>> cache;

    NoticeChannels(NoticeChannelMapper mapper, Clock clock) {
        this.mapper = mapper;
        this.clock = clock;
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(5))
                .build(key -> mapper.all().stream()
                        .collect(Collectors.toMap(NoticeChannelMapper.Stored::channel, Function.identity())));
    }

    /** The email channel's server, when a manager turned it on. */
    public Optional<Email> email() {
        return enabled(EMAIL).map(stored -> JSON.parseObject(stored.config(), Email.class));
    }

    /** The staff webhook, when a manager turned it on. */
    public Optional<Webhook> webhook() {
        return enabled(WEBHOOK).map(stored -> JSON.parseObject(stored.config(), Webhook.class));
    }

    private Optional<NoticeChannelMapper.Stored> enabled(String channel) {
        return Optional.ofNullable(cache.get("all").get(channel)).filter(NoticeChannelMapper.Stored::enabled);
    }

    /** Both channels as a manager sees them: the password only as "set". */
    public Settings settings() {
        Map<String, NoticeChannelMapper.Stored> all = cache.get("all");
        NoticeChannelMapper.Stored email = all.get(EMAIL);
        NoticeChannelMapper.Stored webhook = all.get(WEBHOOK);
        Email server = email == null ? null : JSON.parseObject(email.config(), Email.class);
        return new Settings(
                email != null && email.enabled(),
                server == null ? null : server.shown(),
                webhook != null && webhook.enabled(),
                webhook == null ? null : JSON.parseObject(webhook.config(), Webhook.class));
    }

    /** Sets the email channel; a blank password keeps the one set before. */
    public Settings setEmail(boolean enabled, Email server) {
        if (server == null) {
            throw CourtRushException.badRequest("channel.host");
        }
        Email checked = server.checked();
        if (checked.password() == null || checked.password().isEmpty()) {
            Email before = Optional.ofNullable(cache.get("all").get(EMAIL))
                    .map(stored -> JSON.parseObject(stored.config(), Email.class))
                    .orElse(null);
            checked = checked.withPassword(before == null ? null : before.password());
        }
        mapper.keep(EMAIL, enabled, JSON.toJSONString(checked), LocalDateTime.now(clock));
        cache.invalidateAll();
        return settings();
    }

    public Settings setWebhook(boolean enabled, Webhook webhook) {
        if (webhook == null) {
            throw CourtRushException.badRequest("channel.url");
        }
        mapper.keep(WEBHOOK, enabled, JSON.toJSONString(webhook.checked()), LocalDateTime.now(clock));
        cache.invalidateAll();
        return settings();
    }

    /** How the SMTP connection is protected. */
    public enum Security {
        NONE,
        STARTTLS,
        SSL
    }

    /** The gym's SMTP server and the address its mail comes from. */
    public record Email(String host, int port, String username, String password, String from, Security security) {

        Email checked() {
            if (host == null || host.isBlank() || !Texts.isPlain(host) || host.length() > 253) {
                throw CourtRushException.badRequest("channel.host");
            }
            if (port < 1 || port > 65535) {
                throw CourtRushException.badRequest("channel.port");
            }
            return new Email(
                    host.strip(),
                    port,
                    username == null || username.isBlank() ? null : Texts.requirePlain(username.strip(), "username"),
                    password,
                    address(from),
                    security == null ? Security.STARTTLS : security);
        }

        Email withPassword(String kept) {
            return new Email(host, port, username, kept, from, security);
        }

        /** As a manager sees it: the password only as "set" (a mark in its place). */
        Email shown() {
            return new Email(host, port, username, password == null ? null : "********", from, security);
        }
    }

    /** How the webhook's body is written. */
    public enum Format {
        /** A WeCom or DingTalk group robot: {"msgtype":"text","text":{"content":...}} */
        ROBOT,
        /** {"messageId","kind","text","time"} */
        JSON
    }

    /** Where staff alerts are posted. */
    public record Webhook(String url, Format format) {

        Webhook checked() {
            URI uri;
            try {
                uri = url == null ? null : URI.create(url.strip());
            } catch (IllegalArgumentException e) {
                throw CourtRushException.badRequest("channel.url");
            }
            if (uri == null
                    || uri.getHost() == null
                    || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))
                    || url.length() > 1000) {
                throw CourtRushException.badRequest("channel.url");
            }
            return new Webhook(uri.toString(), format == null ? Format.ROBOT : format);
        }
    }

    /** Both channels: on or off, and their settings (null: never set). */
    public record Settings(boolean emailEnabled, Email email, boolean webhookEnabled, Webhook webhook) {}

    /** A valid single email address, as typed (trimmed); 400 otherwise. */
    static String address(String text) {
        if (text == null || text.isBlank() || text.length() > 254 || !Texts.isPlain(text)) {
            throw CourtRushException.badRequest("channel.address");
        }
        try {
            InternetAddress parsed = new InternetAddress(text.strip(), true);
            if (parsed.getAddress().indexOf('@') < 1) {
                throw CourtRushException.badRequest("channel.address");
            }
            return parsed.getAddress();
        } catch (AddressException e) {
            throw CourtRushException.badRequest("channel.address");
        }
    }
}
