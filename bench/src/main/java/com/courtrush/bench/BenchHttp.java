package com.courtrush.bench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpHead;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The bench's HTTP client: pooled keep-alive connections to one server over loopback, JSON in and
 * out. Answers of the API come in the envelope {@code {code, enumCode, message, data}}. Given several
 * nodes, it is the balancer in front of them: each calling thread keeps to one node (its keep-alive
 * connections stay there, as behind nginx), the threads dealt to the nodes in turn, so a closed loop's
 * clients split evenly.
 */
final class BenchHttp implements Closeable {

    private final List<String> bases;
    private final AtomicInteger dealt = new AtomicInteger();
    private final ThreadLocal<String> threadBase;
    private final CloseableHttpClient client;
    private final PoolingHttpClientConnectionManager pool;

    BenchHttp(String base, int connections) {
        this(List.of(base), connections);
    }

    BenchHttp(List<String> bases, int connections) {
        this.bases = List.copyOf(bases);
        this.threadBase = ThreadLocal.withInitial(
                () -> this.bases.get(Math.floorMod(dealt.getAndIncrement(), this.bases.size())));
        this.pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(connections)
                .setMaxConnPerRoute(connections)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofSeconds(5))
                        .setSocketTimeout(Timeout.ofSeconds(60))
                        .build())
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(pool)
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableRedirectHandling()
                .build();
    }

    Reply get(String path, String token) throws IOException {
        return execute(new HttpGet(base() + path), token);
    }

    /**
     * A GET as a browser asks again for what it keeps: with the entity tag it was given ({@code If-None-Match}),
     * answered 304 with no body while unchanged. Like every request here, it takes gzip (HttpClient's default
     * {@code Accept-Encoding}, as a browser's).
     */
    Reply getIfNoneMatch(String path, String etag) throws IOException {
        HttpGet get = new HttpGet(base() + path);
        get.setHeader(HttpHeaders.IF_NONE_MATCH, etag);
        return execute(get, null);
    }

    /** The entity tag of what a GET of {@code path} answers now (null without one). */
    String etagOf(String path) throws IOException {
        return client.execute(new HttpHead(base() + path), response -> {
            org.apache.hc.core5.http.Header etag = response.getFirstHeader(HttpHeaders.ETAG);
            return etag == null ? null : etag.getValue();
        });
    }

    Reply post(String path, String token, Object body) throws IOException {
        return postRaw(path, token, body == null ? new byte[0] : JSON.toJSONBytes(body));
    }

    Reply put(String path, String token, Object body) throws IOException {
        org.apache.hc.client5.http.classic.methods.HttpPut put =
                new org.apache.hc.client5.http.classic.methods.HttpPut(base() + path);
        put.setEntity(new ByteArrayEntity(JSON.toJSONBytes(body), ContentType.APPLICATION_JSON));
        return execute(put, token);
    }

    Reply postRaw(String path, String token, byte[] json) throws IOException {
        return postRaw(path, token, json, null);
    }

    /** A POST with a booking pass in its X-Booking-Pass header (none when {@code pass} is null). */
    Reply postRaw(String path, String token, byte[] json, String pass) throws IOException {
        HttpPost post = new HttpPost(base() + path);
        post.setEntity(new ByteArrayEntity(json, ContentType.APPLICATION_JSON));
        if (pass != null) {
            post.setHeader("X-Booking-Pass", pass);
        }
        return execute(post, token);
    }

    /** The node this thread talks to. */
    private String base() {
        return bases.size() == 1 ? bases.get(0) : threadBase.get();
    }

    /** A call that must succeed (2xx) for the bench to go on. */
    JSONObject call(String what, Reply reply) {
        if (reply.status() / 100 != 2) {
            throw new BenchException(what + " failed: HTTP " + reply.status() + " " + reply.text());
        }
        return reply.json();
    }

    private Reply execute(HttpUriRequestBase request, String token) throws IOException {
        if (token != null) {
            request.setHeader(HttpHeaders.AUTHORIZATION, "Bearer " + token);
        }
        return client.execute(
                request,
                response -> new Reply(
                        response.getCode(),
                        response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity()),
                        retryAfter(response.getFirstHeader("Retry-After"))));
    }

    private static int retryAfter(org.apache.hc.core5.http.Header header) {
        try {
            return header == null ? -1 : Integer.parseInt(header.getValue().trim());
        } catch (NumberFormatException notSeconds) {
            return -1;
        }
    }

    /** Closes the pooled connections no request holds: after a restart they lead to a server that is gone. */
    void dropIdleConnections() {
        pool.closeIdle(TimeValue.ZERO_MILLISECONDS);
    }

    @Override
    public void close() throws IOException {
        client.close();
    }

    /** A status, a body and the Retry-After header's seconds (-1 without one). */
    record Reply(int status, byte[] body, int retryAfterSeconds) {

        JSONObject json() {
            if (body.length == 0 || body[0] != '{') {
                return null;
            }
            try {
                return JSON.parseObject(body);
            } catch (JSONException e) {
                return null;
            }
        }

        /** The outcome code of an API answer, or null when the body is not the envelope. */
        String enumCode() {
            JSONObject json = json();
            return json == null ? null : json.getString("enumCode");
        }

        /** The body as text, cut at 500 characters (for messages). */
        String text() {
            String text = whole();
            return text.length() > 500 ? text.substring(0, 500) + "..." : text;
        }

        /** The whole body as text. */
        String whole() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }
}
