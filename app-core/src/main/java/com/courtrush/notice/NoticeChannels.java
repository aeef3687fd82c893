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
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * The optional channels (SPEC §17), off until a manager configures them: email over the gym's SMTP server to
 * students who verified an address, and a webhook (a WeCom or DingTalk group robot, or any JSON receiver) for
 * what staff must know. Read by every node from the database, cached for a few seconds. The secrets — the SMTP
 * password, the webhook URL's query (a robot's key) and any long token in its path — are shown masked to everyone;
 * a manager may ask to see them ({@link ChannelSetup#secrets}, audited). The webhook is checked where it points
 * ({@link WebhookAddresses}) when it is turned on.
 */
@Service
public class NoticeChannels {

    static final String EMAIL = "EMAIL";
    static final String WEBHOOK = "WEBHOOK";
    /** What a secret is shown as. */
    public static final String MASK = "********";
    /** A path segment this long is taken for a token (a Feishu or Slack robot's) and masked. */
    private static final int TOKEN_LENGTH = 16;

    private final NoticeChannelMapper mapper;
    private final WebhookAddresses addresses;
    private final Clock clock;
    private final LoadingCache<String, Map<String, NoticeChannelMapper.Stored>> cache;

    NoticeChannels(NoticeChannelMapper mapper, WebhookAddresses addresses, Clock clock) {
        this.mapper = mapper;
        this.addresses = addresses;
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

    /** Both channels as staff see them, their secrets masked; {@code givenUp}: what waits to be sent again. */
    public Settings settings(GivenUp givenUp) {
        Map<String, NoticeChannelMapper.Stored> all = cache.get("all");
        NoticeChannelMapper.Stored email = all.get(EMAIL);
        NoticeChannelMapper.Stored webhook = all.get(WEBHOOK);
        return new Settings(
                email != null && email.enabled(),
                storedEmail().map(Email::shown).orElse(null),
                webhook != null && webhook.enabled(),
                storedWebhook().map(Webhook::shown).orElse(null),
                givenUp);
    }

    /** The secrets in full: the SMTP password and the webhook's URL (null: not set). */
    Secrets secrets() {
        return new Secrets(
                storedEmail().map(Email::password).orElse(null),
                storedWebhook().map(Webhook::url).orElse(null));
    }

    private Optional<Email> storedEmail() {
        return Optional.ofNullable(cache.get("all").get(EMAIL))
                .map(stored -> JSON.parseObject(stored.config(), Email.class));
    }

    private Optional<Webhook> storedWebhook() {
        return Optional.ofNullable(cache.get("all").get(WEBHOOK))
                .map(stored -> JSON.parseObject(stored.config(), Webhook.class));
    }

    /** Sets the email channel; a blank password (or the mask) keeps the one set before. */
    void setEmail(boolean enabled, Email server) {
        if (server == null) {
            throw CourtRushException.badRequest("channel.host");
        }
        Email checked = server.checked();
        if (checked.password() == null
                || checked.password().isEmpty()
                || checked.password().equals(MASK)) {
            // kept only for the same server and user: pointed elsewhere, the password set before is not sent there
            Email sameServer = checked;
            checked = checked.withPassword(storedEmail()
                    .filter(before -> before.sameServer(sameServer))
                    .map(Email::password)
                    .orElse(null));
        }
        mapper.keep(EMAIL, enabled, JSON.toJSONString(checked), LocalDateTime.now(clock));
        cache.invalidateAll();
    }

    /**
     * Sets the webhook; its URL as shown (masked) keeps the one set before. Turned on, where it points is checked
     * first: 400 when the webhook may not post there.
     */
    void setWebhook(boolean enabled, Webhook webhook) {
        if (webhook == null) {
            throw CourtRushException.badRequest("channel.url");
        }
        Webhook kept = storedWebhook()
                .filter(before -> webhook.url() != null && webhook.url().strip().equals(masked(before.url())))
                .map(before -> new Webhook(before.url(), webhook.format()))
                .orElse(webhook);
        if (kept == webhook && webhook.url() != null && webhook.url().contains(MASK)) {
            // a masked address edited (or another manager's changed meanwhile): its secret is not ours to guess
            throw CourtRushException.badRequest("channel.urlMasked");
        }
        Webhook checked = kept.checked();
        if (enabled) {
            try {
                addresses.addresses(URI.create(checked.url()));
            } catch (WebhookAddresses.Refused refused) {
                throw CourtRushException.badRequest(
                        "channel.urlNotAllowed", refused.refusal().text());
            }
        }
        mapper.keep(WEBHOOK, enabled, JSON.toJSONString(checked), LocalDateTime.now(clock));
        cache.invalidateAll();
    }

    /**
     * A webhook's URL as staff see it: each query value masked (a WeCom robot's {@code key}, a DingTalk robot's
     * {@code access_token}), and each path segment long enough to be a token.
     */
    static String masked(String url) {
        URI uri = URI.create(url);
        StringBuilder shown =
                new StringBuilder().append(uri.getScheme()).append("://").append(uri.getHost());
        if (uri.getPort() != -1) {
            shown.append(':').append(uri.getPort());
        }
        String path = uri.getRawPath();
        if (path != null && !path.isEmpty()) {
            shown.append(Arrays.stream(path.split("/", -1))
                    .map(segment -> segment.length() >= TOKEN_LENGTH ? MASK : segment)
                    .collect(Collectors.joining("/")));
        }
        String query = uri.getRawQuery();
        if (query != null) {
            shown.append('?')
                    .append(Arrays.stream(query.split("&", -1))
                            .map(pair -> pair.contains("=") ? pair.substring(0, pair.indexOf('=') + 1) + MASK : MASK)
                            .collect(Collectors.joining("&")));
        }
        return shown.toString();
    }

    /** How the SMTP connection is protected. */
    public enum Security {
        NONE,
        STARTTLS,
        SSL
    }

    /** The gym's SMTP server and the address its mail comes from. */
    public record Email(String host, int port, String username, String password, String from, Security security) {

        /** The same server, user and protection: where a password set before may still be sent. */
        boolean sameServer(Email other) {
            return host.equalsIgnoreCase(other.host)
                    && port == other.port
                    && java.util.Objects.equals(username, other.username)
                    && security == other.security;
        }

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

        /** As staff see it: the password only as "set" (the mask in its place). */
        Email shown() {
            return new Email(host, port, username, password == null ? null : MASK, from, security);
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
                    || uri.getRawUserInfo() != null
                    || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))
                    || url.length() > 1000) {
                throw CourtRushException.badRequest("channel.url");
            }
            return new Webhook(uri.toString(), format == null ? Format.ROBOT : format);
        }

        /** As staff see it: its URL masked. */
        Webhook shown() {
            return new Webhook(masked(url), format);
        }
    }

    /**
     * Both channels: on or off, and their settings (null: never set), secrets masked; and what was given up.
     *
     * @param givenUp the emails and staff alerts given up after trying for {@code courtrush.notices.retry-for}
     */
    public record Settings(
            boolean emailEnabled, Email email, boolean webhookEnabled, Webhook webhook, GivenUp givenUp) {}

    /** Notices' emails and staff alerts given up, or sent again. */
    public record GivenUp(int emails, int alerts) {}

    /** The channels' secrets in full, for a manager who asked (null: not set). */
    public record Secrets(String smtpPassword, String webhookUrl) {}

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
