package com.courtrush.paysim;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP/1.1 server on plain JDK sockets. The JDK's {@code com.sun.net.httpserver} rewrites
 * response header names ({@code Wechatpay-Serial} goes out as {@code Wechatpay-serial}), and the
 * official SDK looks its headers up case-sensitively, so the simulator writes its own headers exactly
 * as WeChat Pay spells them. Keep-alive, Content-Length and chunked request bodies, {@code Expect:
 * 100-continue}; no TLS.
 */
final class MiniHttpServer implements Closeable {

    /** One request; header names are lower-cased. */
    record Request(
            String method,
            String target,
            String path,
            String rawQuery,
            Map<String, String> headers,
            byte[] body,
            InetAddress remote) {

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        Map<String, String> query() {
            return parseForm(rawQuery);
        }
    }

    /** One answer; header names are written as given. */
    record Response(int status, Map<String, String> headers, byte[] body) {

        static Response of(int status, String contentType, String body) {
            Map<String, String> headers = new LinkedHashMap<>();
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            return new Response(status, headers, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
        }
    }

    interface Handler {
        Response handle(Request request) throws Exception;
    }

    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_BODY_BYTES = 2 * 1024 * 1024;
    private static final int IDLE_TIMEOUT_MS = 30_000;
    private static final System.Logger LOG = System.getLogger(MiniHttpServer.class.getName());

    private final ServerSocket serverSocket;
    private final Handler handler;
    private final ExecutorService workers;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    MiniHttpServer(InetAddress bind, int port, Handler handler) throws IOException {
        this.handler = handler;
        this.serverSocket = new ServerSocket();
        serverSocket.setReuseAddress(true);
        serverSocket.bind(new InetSocketAddress(bind, port), 128);
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "wechatpay-sim-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        Thread acceptor = new Thread(this::acceptLoop, "wechatpay-sim-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return serverSocket.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = serverSocket.accept();
                open.add(socket);
                workers.execute(() -> serve(socket));
            } catch (IOException e) {
                if (!closed) {
                    LOG.log(System.Logger.Level.WARNING, "accept failed", e);
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setSoTimeout(IDLE_TIMEOUT_MS);
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (!closed) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                boolean keepAlive = handleOne(head, in, out, socket.getInetAddress());
                if (!keepAlive) {
                    return;
                }
            }
        } catch (SocketTimeoutException | SocketException idleOrClosed) {
            // the client went away or stayed idle
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "connection failed", e);
        } finally {
            open.remove(socket);
        }
    }

    private boolean handleOne(String head, InputStream in, OutputStream out, InetAddress remote) throws IOException {
        String[] lines = head.split("\r\n");
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3) {
            write(out, Response.of(400, "text/plain; charset=utf-8", "bad request line"), false, false);
            return false;
        }
        String method = requestLine[0].toUpperCase(Locale.ROOT);
        String target = requestLine[1];
        String version = requestLine[2];
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.merge(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim(),
                        (a, b) -> a + ", " + b);
            }
        }
        String connection = headers.getOrDefault("connection", "").toLowerCase(Locale.ROOT);
        boolean keepAlive =
                version.equals("HTTP/1.1") ? !connection.contains("close") : connection.contains("keep-alive");
        if ("100-continue".equalsIgnoreCase(headers.get("expect"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = readChunked(in);
        } else {
            int length = headers.containsKey("content-length") ? Integer.parseInt(headers.get("content-length")) : 0;
            if (length < 0 || length > MAX_BODY_BYTES) {
                write(out, Response.of(413, "text/plain; charset=utf-8", "body too large"), false, false);
                return false;
            }
            body = in.readNBytes(length);
            if (body.length < length) {
                return false;
            }
        }
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String rawQuery = q < 0 ? null : target.substring(q + 1);
        Response response;
        try {
            response = handler.handle(new Request(method, target, path, rawQuery, headers, body, remote));
        } catch (Exception e) {
            LOG.log(System.Logger.Level.WARNING, "handler failed for " + method + " " + path, e);
            response =
                    Response.of(500, "application/json", "{\"code\":\"SYSTEM_ERROR\",\"message\":\"simulator error\"}");
        }
        write(out, response, keepAlive, method.equals("HEAD"));
        return keepAlive;
    }

    private static void write(OutputStream out, Response response, boolean keepAlive, boolean head) throws IOException {
        StringBuilder sb = new StringBuilder(256);
        sb.append("HTTP/1.1 ")
                .append(response.status())
                .append(' ')
                .append(reason(response.status()))
                .append("\r\n");
        sb.append("Date: ")
                .append(DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)))
                .append("\r\n");
        sb.append("Server: wechatpay-sim\r\n");
        for (Map.Entry<String, String> h : response.headers().entrySet()) {
            sb.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        boolean noBody = response.status() == 204 || response.status() == 304;
        if (!noBody) {
            sb.append("Content-Length: ").append(response.body().length).append("\r\n");
        }
        sb.append("Connection: ").append(keepAlive ? "keep-alive" : "close").append("\r\n\r\n");
        out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
        if (!noBody && !head) {
            out.write(response.body());
        }
        out.flush();
    }

    /** The request line and headers up to the blank line, or null at the end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(512);
        int state = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            if (buf.size() == 0 && (b == '\r' || b == '\n')) {
                continue; // stray line breaks between requests
            }
            buf.write(b);
            if (buf.size() > MAX_HEADER_BYTES) {
                throw new IOException("request head too large");
            }
            state = switch (state) {
                case 0 -> b == '\r' ? 1 : 0;
                case 1 -> b == '\n' ? 2 : (b == '\r' ? 1 : 0);
                case 2 -> b == '\r' ? 3 : 0;
                case 3 -> b == '\n' ? 4 : (b == '\r' ? 1 : 0);
                default -> 0;
            };
            if (state == 4) {
                String head = buf.toString(StandardCharsets.ISO_8859_1);
                return head.substring(0, head.length() - 4);
            }
        }
    }

    private static byte[] readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine(in);
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                while (!readLine(in).isEmpty()) {
                    // trailers
                }
                return body.toByteArray();
            }
            if (body.size() + size > MAX_BODY_BYTES) {
                throw new IOException("body too large");
            }
            body.write(in.readNBytes(size));
            readLine(in);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        if (b < 0) {
            throw new IOException("unexpected end of stream");
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    static Map<String, String> parseForm(String raw) {
        Map<String, String> params = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                params.putIfAbsent(
                        URLDecoder.decode(key, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException malformed) {
                // skip a malformed pair
            }
        }
        return params;
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 204 -> "No Content";
            case 303 -> "See Other";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 413 -> "Payload Too Large";
            case 429 -> "Too Many Requests";
            default -> status >= 500 ? "Internal Server Error" : "Status";
        };
    }

    @Override
    public void close() {
        closed = true;
        try {
            serverSocket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket socket : new ArrayList<>(open)) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        workers.shutdownNow();
    }

    static List<String> segments(String path) {
        List<String> parts = new ArrayList<>();
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                parts.add(URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return parts;
    }
}
