package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.Repeated;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Sends the staff alerts to the webhook (SPEC §17): a WeCom or DingTalk group robot (their text message) or any
 * receiver of JSON, with the alert's id in {@code X-CourtRush-Message-Id} so a repeat can be dropped. Like the
 * email outbox: leased per alert, retried less and less often, given up after {@link NoticeEmails#MOST_ATTEMPTS}.
 * A robot that answers 200 with a non-zero {@code errcode} refused it.
 */
@Component
class StaffWebhook {

    static final String MESSAGE_ID_HEADER = "X-CourtRush-Message-Id";

    private static final Logger log = LoggerFactory.getLogger(StaffWebhook.class);
    private static final Duration EVERY = Duration.ofSeconds(2);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int BATCH = 20;

    private final StaffAlertMapper mapper;
    private final NoticeChannels channels;
    private final Repeated repeated;
    private final Clock clock;
    private final ZoneId zone;
    private final Duration lease;
    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    StaffWebhook(
            CourtRushProperties properties,
            StaffAlertMapper mapper,
            NoticeChannels channels,
            Repeated repeated,
            Clock clock) {
        this.lease = properties.notices().sendLease();
        this.mapper = mapper;
        this.channels = channels;
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
        Optional<NoticeChannels.Webhook> webhook = channels.webhook();
        if (webhook.isEmpty()) {
            return 0;
        }
        int sent = 0;
        LocalDateTime now = LocalDateTime.now(clock);
        for (Long id : mapper.due(now, BATCH)) {
            if (mapper.claim(id, now, now.plus(lease)) == 1 && send(webhook.get(), mapper.one(id))) {
                sent++;
            }
        }
        return sent;
    }

    private boolean send(NoticeChannels.Webhook webhook, StaffAlertMapper.Alert alert) {
        String text = "【CourtRush】" + StaffAlerts.text(alert, NoticeEmails.CHINESE) + "\n"
                + StaffAlerts.text(alert, Locale.ENGLISH);
        String refused = deliver(webhook, alert.messageId(), alert.kind(), text, alert.createTime());
        LocalDateTime now = LocalDateTime.now(clock);
        if (refused == null) {
            mapper.sent(alert.id(), now);
            return true;
        }
        if (alert.attempts() >= NoticeEmails.MOST_ATTEMPTS) {
            log.error(
                    "Staff alert {} could not be posted to the webhook after {} attempts; given up: {}",
                    alert.messageId(),
                    alert.attempts(),
                    refused);
            mapper.failed(alert.id(), NoticeEmails.FAILED, now, refused);
        } else {
            LocalDateTime next = NoticeEmails.retryAt(now, alert.attempts());
            log.warn(
                    "Staff alert {} could not be posted to the webhook (attempt {}), tried again at {}: {}",
                    alert.messageId(),
                    alert.attempts(),
                    next,
                    refused);
            mapper.failed(alert.id(), NoticeEmails.PENDING, next, refused);
        }
        return false;
    }

    /** Posts one message now; why the receiver refused it, or null when it took it. */
    String deliver(NoticeChannels.Webhook webhook, String messageId, String kind, String text, LocalDateTime at) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (webhook.format() == NoticeChannels.Format.ROBOT) {
            body.put("msgtype", "text");
            body.put("text", Map.of("content", text));
        } else {
            body.put("messageId", messageId);
            body.put("kind", kind);
            body.put("text", text);
            body.put("time", at.atZone(zone).toOffsetDateTime().toString());
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(webhook.url()))
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json; charset=utf-8")
                .header(MESSAGE_ID_HEADER, messageId)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.toJSONString(body)))
                .build();
        try {
            return refusal(http.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            return NoticeEmails.shortened(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** Why the receiver refused it; null when it took it. */
    private static String refusal(HttpResponse<String> response) {
        if (response.statusCode() / 100 != 2) {
            return "HTTP " + response.statusCode();
        }
        String body = response.body();
        if (body != null && body.strip().startsWith("{")) {
            try {
                JSONObject answer = JSON.parseObject(body);
                Integer code = answer.getInteger("errcode");
                if (code != null && code != 0) {
                    return "errcode " + code + ": " + answer.getString("errmsg");
                }
            } catch (JSONException notJson) {
                return null; // a 2xx whose body is not the robots' JSON: taken
            }
        }
        return null;
    }
}
