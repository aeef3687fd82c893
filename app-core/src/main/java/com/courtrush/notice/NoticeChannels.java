package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Texts;
import com.courtrush.notice.api.ChannelSecrets;
import com.courtrush.notice.api.ChannelSettings;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.SmtpSecurity;
import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.notice.api.WebhookTarget;
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
    private static final String MASK = ChannelSettings.MASK;
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
    public Optional<EmailServer> email() {
        return enabled(EMAIL).map(stored -> JSON.parseObject(stored.config(), EmailServer.class));
    }

    /** The staff webhook, when a manager turned it on. */
    public Optional<WebhookTarget> webhook() {
        return enabled(WEBHOOK).map(stored -> JSON.parseObject(stored.config(), WebhookTarget.class));
    }

    private Optional<NoticeChannelMapper.Stored> enabled(String channel) {
        return Optional.ofNullable(cache.get("all").get(channel)).filter(NoticeChannelMapper.Stored::enabled);
    }

    /** Both channels as staff see them, their secrets masked; {@code givenUp}: what waits to be sent again. */
    public ChannelSettings settings(GivenUp givenUp) {
        Map<String, NoticeChannelMapper.Stored> all = cache.get("all");
        NoticeChannelMapper.Stored email = all.get(EMAIL);
        NoticeChannelMapper.Stored webhook = all.get(WEBHOOK);
        return new ChannelSettings(
                email != null && email.enabled(),
                storedEmail().map(NoticeChannels::shown).orElse(null),
                webhook != null && webhook.enabled(),
                storedWebhook().map(NoticeChannels::shown).orElse(null),
                givenUp);
    }

    /** The secrets in full: the SMTP password and the webhook's URL (null: not set). */
    ChannelSecrets secrets() {
        return new ChannelSecrets(
                storedEmail().map(EmailServer::password).orElse(null),
                storedWebhook().map(WebhookTarget::url).orElse(null));
    }

    private Optional<EmailServer> storedEmail() {
        return Optional.ofNullable(cache.get("all").get(EMAIL))
                .map(stored -> JSON.parseObject(stored.config(), EmailServer.class));
    }

    private Optional<WebhookTarget> storedWebhook() {
        return Optional.ofNullable(cache.get("all").get(WEBHOOK))
                .map(stored -> JSON.parseObject(stored.config(), WebhookTarget.class));
    }

    /** Sets the email channel; a blank password (or the mask) keeps the one set before. */
    void setEmail(boolean enabled, EmailServer server) {
        if (server == null) {
            throw CourtRushException.badRequest("channel.host");
        }
        EmailServer checked = checked(server);
        if (checked.password() == null
                || checked.password().isEmpty()
                || checked.password().equals(MASK)) {
            // kept only for the same server and user: pointed elsewhere, the password set before is not sent there
            EmailServer sameServer = checked;
            checked = withPassword(
                    checked,
                    storedEmail()
                            .filter(before -> sameServer(before, sameServer))
                            .map(EmailServer::password)
                            .orElse(null));
        }
        mapper.keep(EMAIL, enabled, JSON.toJSONString(checked), LocalDateTime.now(clock));
        cache.invalidateAll();
    }

    /**
     * Sets the webhook; its URL as shown (masked) keeps the one set before. Turned on, where it points is checked
     * first: 400 when the webhook may not post there.
     */
    void setWebhook(boolean enabled, WebhookTarget webhook) {
        if (webhook == null) {
            throw CourtRushException.badRequest("channel.url");
        }
        WebhookTarget kept = storedWebhook()
                .filter(before -> webhook.url() != null && webhook.url().strip().equals(masked(before.url())))
                .map(before -> new WebhookTarget(before.url(), webhook.format()))
                .orElse(webhook);
        if (kept == webhook && webhook.url() != null && webhook.url().contains(MASK)) {
            // a masked address edited (or another manager's changed meanwhile): its secret is not ours to guess
            throw CourtRushException.badRequest("channel.urlMasked");
        }
        WebhookTarget checked = checked(kept);
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

    /** The same server, user and protection: where a password set before may still be sent. */
    private static boolean sameServer(EmailServer one, EmailServer other) {
        return one.host().equalsIgnoreCase(other.host())
                && one.port() == other.port()
                && java.util.Objects.equals(one.username(), other.username())
                && one.security() == other.security();
    }

    private static EmailServer checked(EmailServer server) {
        String host = server.host();
        if (host == null || host.isBlank() || !Texts.isPlain(host) || host.length() > 253) {
            throw CourtRushException.badRequest("channel.host");
        }
        if (server.port() < 1 || server.port() > 65535) {
            throw CourtRushException.badRequest("channel.port");
        }
        String username = server.username();
        return new EmailServer(
                host.strip(),
                server.port(),
                username == null || username.isBlank() ? null : Texts.requirePlain(username.strip(), "username"),
                server.password(),
                address(server.from()),
                server.security() == null ? SmtpSecurity.STARTTLS : server.security());
    }

    private static EmailServer withPassword(EmailServer server, String kept) {
        return new EmailServer(server.host(), server.port(), server.username(), kept, server.from(), server.security());
    }

    /** As staff see it: the password only as "set" (the mask in its place). */
    private static EmailServer shown(EmailServer server) {
        return withPassword(server, server.password() == null ? null : MASK);
    }

    private static WebhookTarget checked(WebhookTarget webhook) {
        String url = webhook.url();
        URI uri;
        try {
            uri = url == null ? null : URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw CourtRushException.badRequest("channel.url");
        }
        if (uri == null
                || WebhookAddresses.hostOf(uri) == null
                || uri.getRawUserInfo() != null
                || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))
                || url.length() > 1000) {
            throw CourtRushException.badRequest("channel.url");
        }
        return new WebhookTarget(uri.toString(), webhook.format() == null ? WebhookFormat.ROBOT : webhook.format());
    }

    /** As staff see it: its URL masked. */
    private static WebhookTarget shown(WebhookTarget webhook) {
        return new WebhookTarget(masked(webhook.url()), webhook.format());
    }

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
