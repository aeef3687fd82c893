package com.courtrush.paysim;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Sends notifications as WeChat Pay does: a POST to the notify_url whose JSON body carries the
 * resource encrypted with AEAD_AES_256_GCM under the APIv3 key, signed in the {@code Wechatpay-*}
 * headers. A non-2xx answer or no answer is retried on a compressed schedule. Test controls drop,
 * repeat, reorder and forge notifications.
 */
final class Notifier implements AutoCloseable {

    static final List<Duration> DEFAULT_RETRY_DELAYS = List.of(
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(4),
            Duration.ofSeconds(8),
            Duration.ofSeconds(16));

    /** A notification ready to send. */
    record Envelope(
            String id,
            String eventType,
            String outTradeNo,
            String outRefundNo,
            String notifyUrl,
            String body,
            PrivateKey signingKey,
            boolean forged) {}

    private static final System.Logger LOG = System.getLogger(Notifier.class.getName());

    private final Kit kit;
    private final PrivateKey platformKey;
    private final HttpClient http;
    private final ScheduledExecutorService pool;
    private final List<NotificationRecord> records = new CopyOnWriteArrayList<>();
    private final AtomicInteger dropNext = new AtomicInteger();
    private final AtomicInteger repeatNext = new AtomicInteger();
    private final AtomicBoolean holdNext = new AtomicBoolean();
    private final AtomicReference<Envelope> held = new AtomicReference<>();
    private volatile List<Duration> retryDelays = DEFAULT_RETRY_DELAYS;
    private volatile PrivateKey forgerKey;

    Notifier(Kit kit, PrivateKey platformKey) {
        this.kit = kit;
        this.platformKey = platformKey;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newScheduledThreadPool(3, r -> {
            Thread t = new Thread(r, "wechatpay-sim-notify-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Builds the notification body for a resource; {@code tamper} flips a byte of the ciphertext. */
    Envelope envelope(
            String eventType,
            String summary,
            String originalType,
            JSONObject resource,
            String outTradeNo,
            String outRefundNo,
            String notifyUrl,
            PrivateKey signingKey,
            boolean tamper,
            boolean forged) {
        String nonce = KitStore.random("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 12);
        String associatedData = originalType;
        String ciphertext = Signatures.encrypt(kit.apiV3Key(), associatedData, nonce, resource.toJSONString());
        if (tamper) {
            byte[] raw = java.util.Base64.getDecoder().decode(ciphertext);
            raw[0] ^= 0x5A;
            ciphertext = java.util.Base64.getEncoder().encodeToString(raw);
        }
        JSONObject encrypted = new JSONObject();
        encrypted.put("original_type", originalType);
        encrypted.put("algorithm", "AEAD_AES_256_GCM");
        encrypted.put("ciphertext", ciphertext);
        encrypted.put("associated_data", associatedData);
        encrypted.put("nonce", nonce);
        JSONObject body = new JSONObject();
        String id = UUID.randomUUID().toString();
        body.put("id", id);
        body.put("create_time", Orders.rfc3339(Orders.now()));
        body.put("resource_type", "encrypt-resource");
        body.put("event_type", eventType);
        body.put("summary", summary);
        body.put("resource", encrypted);
        return new Envelope(id, eventType, outTradeNo, outRefundNo, notifyUrl, body.toJSONString(), signingKey, forged);
    }

    Envelope genuine(
            String eventType,
            String summary,
            String originalType,
            JSONObject resource,
            String outTradeNo,
            String outRefundNo,
            String notifyUrl) {
        return envelope(
                eventType,
                summary,
                originalType,
                resource,
                outTradeNo,
                outRefundNo,
                notifyUrl,
                platformKey,
                false,
                false);
    }

    Envelope forgedSignature(JSONObject resource, String outTradeNo, String notifyUrl) {
        return envelope(
                "TRANSACTION.SUCCESS",
                "支付成功",
                "transaction",
                resource,
                outTradeNo,
                null,
                notifyUrl,
                forgerKey(),
                false,
                true);
    }

    Envelope tamperedCiphertext(JSONObject resource, String outTradeNo, String notifyUrl) {
        return envelope(
                "TRANSACTION.SUCCESS",
                "支付成功",
                "transaction",
                resource,
                outTradeNo,
                null,
                notifyUrl,
                platformKey,
                true,
                true);
    }

    private PrivateKey forgerKey() {
        PrivateKey key = forgerKey;
        if (key == null) {
            synchronized (this) {
                if (forgerKey == null) {
                    forgerKey = KitStore.rsa().getPrivate();
                }
                key = forgerKey;
            }
        }
        return key;
    }

    /** Sends a notification subject to the drop / hold / repeat controls. */
    void dispatch(Envelope envelope) {
        if (dropNext.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
            record(envelope, 0, 0, "DROPPED");
            return;
        }
        if (holdNext.compareAndSet(true, false)) {
            held.set(envelope);
            return;
        }
        Envelope late = held.getAndSet(null);
        boolean twice = repeatNext.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0;
        pool.execute(() -> {
            attempt(envelope, 1);
            if (twice) {
                attempt(envelope, 1);
            }
            if (late != null) {
                attempt(late, 1);
            }
        });
    }

    /** Sends once, without the controls and without retries (forgeries). */
    void sendOnce(Envelope envelope) {
        pool.execute(() -> send(envelope, 1));
    }

    private void attempt(Envelope envelope, int attempt) {
        if (!send(envelope, attempt)) {
            List<Duration> delays = retryDelays;
            if (attempt <= delays.size()) {
                pool.schedule(
                        () -> attempt(envelope, attempt + 1),
                        delays.get(attempt - 1).toMillis(),
                        TimeUnit.MILLISECONDS);
            }
        }
    }

    private boolean send(Envelope envelope, int attempt) {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        String nonce = Signatures.nonce();
        String signature =
                Signatures.sign(envelope.signingKey(), Signatures.answerMessage(timestamp, nonce, envelope.body()));
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(envelope.notifyUrl()))
                    .timeout(Duration.ofSeconds(5))
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "Mozilla/4.0 (WeChat Pay SIMULATOR)")
                    .header("Wechatpay-Serial", kit.publicKeyId())
                    .header("Wechatpay-Signature", signature)
                    .header("Wechatpay-Timestamp", timestamp)
                    .header("Wechatpay-Nonce", nonce)
                    .header("Wechatpay-Signature-Type", Signatures.SCHEMA)
                    .POST(HttpRequest.BodyPublishers.ofString(envelope.body()))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            boolean ok = response.statusCode() / 100 == 2;
            record(envelope, response.statusCode(), attempt, ok ? "DELIVERED" : "REJECTED");
            return ok;
        } catch (IOException | IllegalArgumentException e) {
            record(envelope, 0, attempt, "UNREACHABLE");
            LOG.log(System.Logger.Level.DEBUG, "notification to " + envelope.notifyUrl() + " failed: " + e);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void record(Envelope e, int status, int attempt, String outcome) {
        records.add(new NotificationRecord(
                e.id(),
                e.eventType(),
                e.outTradeNo(),
                e.outRefundNo(),
                e.notifyUrl(),
                status,
                attempt,
                e.forged(),
                outcome,
                Instant.now()));
    }

    List<NotificationRecord> records() {
        return List.copyOf(records);
    }

    void dropNext(int n) {
        dropNext.addAndGet(n);
    }

    void repeatNext(int n) {
        repeatNext.addAndGet(n);
    }

    void holdNext() {
        holdNext.set(true);
    }

    void retryDelays(List<Duration> delays) {
        this.retryDelays = List.copyOf(delays);
    }

    ScheduledExecutorService pool() {
        return pool;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
