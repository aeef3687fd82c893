package com.courtrush.paysim;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A merchant's notify_url endpoint for the tests: records what arrives, can refuse the next ones. */
final class NotificationReceiver implements AutoCloseable {

    record Received(
            String path,
            String serial,
            String signature,
            String timestamp,
            String nonce,
            String signType,
            String body) {}

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger failNext = new AtomicInteger();

    NotificationReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            var h = exchange.getRequestHeaders();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(
                    exchange.getRequestURI().getPath(),
                    h.getFirst("Wechatpay-Serial"),
                    h.getFirst("Wechatpay-Signature"),
                    h.getFirst("Wechatpay-Timestamp"),
                    h.getFirst("Wechatpay-Nonce"),
                    h.getFirst("Wechatpay-Signature-Type"),
                    body));
            if (failNext.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                byte[] answer = "{\"code\":\"FAIL\",\"message\":\"busy\"}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(500, answer.length);
                exchange.getResponseBody().write(answer);
            } else {
                exchange.sendResponseHeaders(204, -1);
            }
            exchange.close();
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Received> at(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    void failNext(int n) {
        failNext.set(n);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
