package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.Repeated;
import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.notice.api.WebhookTarget;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.ParseException;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Sends the staff alerts to the webhook (SPEC §17): a WeCom or DingTalk group robot (their text message) or any
 * receiver of JSON, with the alert's id in {@code X-CourtRush-Message-Id} so a repeat can be dropped. Like the
 * email outbox: leased per alert, retried less and less often for {@code courtrush.notices.retry-for}, then given
 * up until staff send it again ({@link Retries}). A robot that answers 200 with a non-zero {@code errcode} refused
 * it. Each post goes only to the addresses {@link WebhookAddresses} checked just before it, no redirect followed;
 * what the receiver said is kept as a short status, never its text.
 */
@Component
class StaffWebhook {

    static final String MESSAGE_ID_HEADER = "X-CourtRush-Message-Id";

    private static final Logger log = LoggerFactory.getLogger(StaffWebhook.class);
    private static final Duration EVERY = Duration.ofSeconds(2);
    private static final Timeout TIMEOUT = Timeout.ofSeconds(10);
    private static final int BATCH = 20;
    /** Of a 2xx answer, what is read for a robot's errcode. */
    private static final int ANSWER_READ = 4096;
    /** TLS as the JDK trusts and checks it (the URL's host name): made once, shared by every post's client. */
    private static final DefaultClientTlsStrategy TLS = DefaultClientTlsStrategy.createDefault();

    private final StaffAlertMapper mapper;
    private final NoticeChannels channels;
    private final WebhookAddresses addresses;
    private final Repeated repeated;
    private final Clock clock;
    private final ZoneId zone;
    private final Duration lease;
    private final Retries retries;

    StaffWebhook(
            CourtRushProperties properties,
            StaffAlertMapper mapper,
            NoticeChannels channels,
            WebhookAddresses addresses,
            Repeated repeated,
            Clock clock) {
        this.lease = properties.notices().sendLease();
        this.retries = new Retries(properties.notices().retryFor());
        this.mapper = mapper;
        this.channels = channels;
        this.addresses = addresses;
        this.repeated = repeated;
        this.clock = clock;
        this.zone = clock.getZone();
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Sending the staff alerts", this::sendDue);
    }

    /** Sends what is due; how many were sent. Nothing while the webhook is off. */
    int sendDue() {
        return sendDue(LocalDateTime.now(clock));
    }

    /** Sends what is due at {@code now}. */
    int sendDue(LocalDateTime now) {
        Optional<WebhookTarget> webhook = channels.webhook();
        if (webhook.isEmpty()) {
            return 0;
        }
        int sent = 0;
        long started = System.nanoTime();
        for (Long id : mapper.due(now, BATCH)) {
            // each alert at its own time in the pass: a slow receiver must not shorten the next one's lease or wait
            LocalDateTime at = now.plusNanos(System.nanoTime() - started);
            if (mapper.claim(id, at, at.plus(lease)) == 1 && send(webhook.get(), mapper.one(id), at)) {
                sent++;
            }
        }
        return sent;
    }

    private boolean send(WebhookTarget webhook, StaffAlertMapper.Alert alert, LocalDateTime now) {
        String text = "【CourtRush】" + StaffAlerts.text(alert, NoticeEmails.CHINESE) + "\n"
                + StaffAlerts.text(alert, Locale.ENGLISH);
        Attempt attempt = deliver(webhook, alert.messageId(), alert.kind(), text, alert.createTime());
        if (attempt.delivered()) {
            mapper.sent(alert.id(), now);
            return true;
        }
        LocalDateTime next = retries.next(alert.triesFrom(), alert.attempts(), now);
        if (next == null) {
            log.error(
                    "Staff alert {} could not be posted to the webhook in {} ({} tries); given up until staff send it"
                            + " again: {}",
                    alert.messageId(),
                    retries.retryFor(),
                    alert.attempts(),
                    attempt.summary());
            mapper.failed(alert.id(), NoticeEmails.FAILED, now, attempt.summary());
        } else {
            log.warn(
                    "Staff alert {} could not be posted to the webhook (attempt {}), tried again at {}: {}",
                    alert.messageId(),
                    alert.attempts(),
                    next,
                    attempt.summary());
            mapper.failed(alert.id(), NoticeEmails.PENDING, next, attempt.summary());
        }
        return false;
    }

    /** Posts one message now, to the addresses its host resolves to if they are allowed: how it went. */
    Attempt deliver(WebhookTarget webhook, String messageId, String kind, String text, LocalDateTime at) {
        URI url = URI.create(webhook.url());
        List<InetAddress> checked;
        try {
            checked = addresses.addresses(url);
        } catch (WebhookAddresses.Refused refused) {
            return Attempt.notAllowed(refused.refusal());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        if (webhook.format() == WebhookFormat.ROBOT) {
            body.put("msgtype", "text");
            body.put("text", Map.of("content", text));
        } else {
            body.put("messageId", messageId);
            body.put("kind", kind);
            body.put("text", text);
            body.put("time", at.atZone(zone).toOffsetDateTime().toString());
        }
        HttpPost post = new HttpPost(url);
        post.setHeader(MESSAGE_ID_HEADER, messageId);
        post.setEntity(new StringEntity(
                JSON.toJSONString(body), ContentType.APPLICATION_JSON.withCharset(StandardCharsets.UTF_8)));
        try (CloseableHttpClient client = clientTo(checked)) {
            return client.execute(post, StaffWebhook::answer);
        } catch (IOException | RuntimeException e) {
            // whatever the other side did, the alert's tries go on and end on time; its words are not quoted
            log.debug("The staff webhook could not be reached: {}", e.getClass().getSimpleName());
            return Attempt.UNREACHABLE;
        }
    }

    /** A client for one post that reaches the checked addresses only: its name is looked up no more. */
    private static CloseableHttpClient clientTo(List<InetAddress> checked) {
        DnsResolver onlyChecked = new DnsResolver() {
            @Override
            public InetAddress[] resolve(String host) throws UnknownHostException {
                return checked.toArray(InetAddress[]::new);
            }

            @Override
            public String resolveCanonicalHostname(String host) {
                return host;
            }
        };
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(onlyChecked)
                        .setTlsSocketStrategy(TLS)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(TIMEOUT)
                                .setSocketTimeout(TIMEOUT)
                                .build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setResponseTimeout(TIMEOUT)
                        .setRedirectsEnabled(false)
                        .build())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent("CourtRush")
                .build();
    }

    /** How the receiver answered: taken (2xx and no robot's errcode), or refused with its status. */
    private static Attempt answer(ClassicHttpResponse response) throws IOException {
        if (response.getCode() / 100 != 2) {
            EntityUtils.consumeQuietly(response.getEntity());
            return Attempt.refused("HTTP " + response.getCode());
        }
        String body;
        try {
            body = response.getEntity() == null
                    ? null
                    : EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8, ANSWER_READ);
        } catch (ParseException e) {
            return Attempt.DELIVERED; // a 2xx whose body is no text: taken
        }
        if (body != null && body.strip().startsWith("{")) {
            Object code;
            try {
                code = JSON.parseObject(body).get("errcode");
            } catch (JSONException notTheRobots) {
                return Attempt.DELIVERED; // a 2xx whose body is not the robots' JSON: taken
            }
            // a robot's errcode is a number; anything else is no robot's answer (never parsed: never quoted)
            if (code instanceof Number number && number.longValue() != 0) {
                return Attempt.refused("errcode " + number.longValue());
            }
        }
        return Attempt.DELIVERED;
    }
}
