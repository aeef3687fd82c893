package com.courtrush.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** Drives the real HTTP API of a running engine, as a student or staff client would. */
public final class TestApi {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789abcdefghij";
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SLOW = Duration.ofSeconds(10);

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final int port;

    public TestApi(int port) {
        this.base = "http://127.0.0.1:" + port;
        this.port = port;
    }

    /** The engine's HTTP port on 127.0.0.1, for clients below HTTP. */
    public int port() {
        return port;
    }

    /** An answer: HTTP status, envelope and headers. */
    public record Reply(int status, JsonNode body, HttpResponse<String> raw) {
        public String enumCode() {
            return body.path("enumCode").asText();
        }

        public JsonNode data() {
            return body.path("data");
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }

    public Reply get(String path, String token) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), token);
    }

    public Reply post(String path, String token, Object body) {
        return postRaw(path, token, "application/json", body == null ? "" : write(body));
    }

    public Reply postRaw(String path, String token, String contentType, String body) {
        return send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", contentType)
                        .POST(HttpRequest.BodyPublishers.ofString(body)),
                token);
    }

    /** An answer as it came, whatever its body: for requests meant to be refused. */
    /** An answer as it came: its status, content type, body and every header (names in lower case). */
    public record RawReply(int status, String contentType, String body, Map<String, List<String>> headers) {}

    /**
     * Any request, as an attacker would write it: the path exactly as given (already encoded, or
     * not), any headers and body. Never throws on what the server answers.
     */
    public RawReply raw(String method, String rawPath, String token, Map<String, String> headers, byte[] body) {
        return raw(
                method,
                rawPath,
                token,
                headers,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** A file the engine answers (a PDF), as bytes, asked in {@code language}; an answer but 200 fails the test. */
    public byte[] file(String path, String token, String language) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                .GET()
                .timeout(ANSWER_TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .header("Accept-Language", language)
                .build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new AssertionError("expected HTTP 200 for " + path + " but got " + response.statusCode() + " "
                        + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
            }
            return response.body();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The same, with a body of no declared length (sent in chunks). */
    public RawReply rawChunked(String method, String rawPath, String token, Map<String, String> headers, byte[] body) {
        return raw(
                method,
                rawPath,
                token,
                headers,
                HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)));
    }

    private RawReply raw(
            String method, String rawPath, String token, Map<String, String> headers, HttpRequest.BodyPublisher body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + rawPath))
                .method(method, body)
                .timeout(ANSWER_TIMEOUT);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        HttpResponse<String> response = exchange(request.build());
        return new RawReply(
                response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(""),
                response.body(),
                response.headers().map());
    }

    /**
     * Sends and waits for the answer (30 s at most). One that takes longer than {@link #SLOW} leaves a
     * dump of every thread of this JVM — the engine's included when it runs in the test's JVM — in
     * {@code target/hang-dumps/}, so a hang seen once in CI can be read, not guessed at.
     */
    private HttpResponse<String> exchange(HttpRequest request) {
        CompletableFuture<HttpResponse<String>> answer = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            try {
                return answer.get(SLOW.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException slow) {
                System.err.println("[TestApi] " + request.method() + " " + request.uri() + " has had no answer for "
                        + SLOW.toSeconds() + " s; threads: "
                        + ThreadDumps.write(request.method() + " " + request.uri()));
                return answer.get();
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Reply put(String path, String token, Object body) {
        return send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(write(body))),
                token);
    }

    public Reply delete(String path, String token) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE(), token);
    }

    private Reply send(HttpRequest.Builder request, String token) {
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> response = exchange(request.timeout(ANSWER_TIMEOUT).build());
        try {
            JsonNode body = response.body().isEmpty() ? json.nullNode() : json.readTree(response.body());
            return new Reply(response.statusCode(), body, response);
        } catch (IOException e) {
            throw new UncheckedIOException("Not JSON: " + response.body(), e);
        }
    }

    private String write(Object body) {
        try {
            return body instanceof String s ? s : json.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- staff set-up -------------------------------------------------------------------------

    public static String unique(String prefix) {
        return prefix + "-" + ProcessHandle.current().pid() + "-" + NAMES.incrementAndGet();
    }

    public long createCourt() {
        return createCourt(unique("court"));
    }

    public long createCourt(String name) {
        Reply reply = expect(200, post("/admin/courts", ADMIN_TOKEN, Map.of("courtName", name)));
        return reply.data().path("id").asLong();
    }

    public long createSession(LocalDate date, LocalDateTime flash, int perUserLimit) {
        Reply reply = expect(
                200,
                post(
                        "/admin/sessions",
                        ADMIN_TOKEN,
                        Map.of(
                                "sessionDate",
                                date.toString(),
                                "flashTime",
                                flash.withNano(0).toString(),
                                "perUserLimit",
                                perUserLimit)));
        return reply.data().path("id").asLong();
    }

    public List<Long> generateSlots(
            long sessionId, List<Long> courtIds, String start, String end, int minutes, int capacity) {
        Reply reply = expect(
                200,
                post(
                        "/admin/sessions/" + sessionId + "/slots/generate",
                        ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                courtIds,
                                "startTime",
                                start,
                                "endTime",
                                end,
                                "durationMinutes",
                                minutes,
                                "capacity",
                                capacity,
                                "priceCents",
                                2000)));
        List<Long> ids = new ArrayList<>();
        reply.data().path("slotIds").forEach(id -> ids.add(id.asLong()));
        return ids;
    }

    /** Creates {@code count} students and returns their logins. */
    public List<Student> students(int count) {
        return studentsNamed(java.util.Collections.nCopies(count, null));
    }

    /** Creates a student of this name and returns the login. */
    public Student student(String name) {
        return studentsNamed(List.of(name)).get(0);
    }

    /** Creates a student for each name ("Student" and the id for null) and returns their logins. */
    private List<Student> studentsNamed(List<String> names) {
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (String name : names) {
            String id = unique("stu").replace("-", "");
            ids.add(id);
            rows.add(Map.of(
                    "studentId",
                    id,
                    "password",
                    passwordOf(new Student(id, null)),
                    "name",
                    name == null ? "Student " + id : name));
        }
        expect(200, post("/admin/students", ADMIN_TOKEN, Map.of("students", rows)));
        return ids.parallelStream()
                .map(id -> new Student(id, signedIn(id).data().path("token").asText()))
                .toList();
    }

    /** Signs in an account imported with its fixture password ({@link #passwordOf}). */
    public Student signIn(String id) {
        return new Student(id, signedIn(id).data().path("token").asText());
    }

    /**
     * A fixture's sign-in, asked again as a client does while the engine answers 503 (a Redis command over its
     * second on a loaded build machine, the sign-in pools full): what is under test comes after.
     */
    private Reply signedIn(String id) {
        Map<String, String> body = Map.of("studentId", id, "password", passwordOf(new Student(id, null)));
        Reply login = post("/auth/login", null, body);
        for (int attempt = 1; login.status() == 503 && attempt < 5; attempt++) {
            try {
                Thread.sleep(500L * attempt);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            login = post("/auth/login", null, body);
        }
        return expect(200, login);
    }

    /** Creates a staff account of {@code role} (STAFF or MANAGER) with the admin token and signs it in. */
    public Student staffMember(String role) {
        String id = unique(role.toLowerCase()).replace("-", "");
        expect(
                200,
                post(
                        "/admin/staff",
                        ADMIN_TOKEN,
                        Map.of(
                                "staffId",
                                id,
                                "name",
                                "Staff " + id,
                                "password",
                                passwordOf(new Student(id, null)),
                                "role",
                                role)));
        Reply login = expect(
                200, post("/auth/login", null, Map.of("studentId", id, "password", passwordOf(new Student(id, null)))));
        return new Student(id, login.data().path("token").asText());
    }

    public Reply reserve(Student student, long sessionId, long slotId) {
        return post("/reserve/", student.token(), Map.of("sessionId", sessionId, "slotId", slotId));
    }

    /** A reserve with a booking pass in its header (the body is the same). */
    public Reply reserve(Student student, long sessionId, long slotId, String bookingPass) {
        return send(
                HttpRequest.newBuilder(URI.create(base + "/reserve/"))
                        .header("Content-Type", "application/json")
                        .header("X-Booking-Pass", bookingPass)
                        .POST(HttpRequest.BodyPublishers.ofString(
                                write(Map.of("sessionId", sessionId, "slotId", slotId)))),
                student.token());
    }

    /** A reserve naming fallback slots (a fair draw's entry), with a booking pass in its header when not null. */
    public Reply reserve(Student student, long sessionId, long slotId, List<Long> fallbackSlotIds, String bookingPass) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/reserve/"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        write(Map.of("sessionId", sessionId, "slotId", slotId, "fallbackSlotIds", fallbackSlotIds))));
        if (bookingPass != null) {
            request.header("X-Booking-Pass", bookingPass);
        }
        return send(request, student.token());
    }

    /** An opening with a fair draw of {@code windowMs}; returns its id. */
    public long createDrawSession(
            LocalDate date, LocalDateTime flash, int perUserLimit, int windowMs, boolean bookingPass) {
        Reply reply = expect(
                200,
                post(
                        "/admin/sessions",
                        ADMIN_TOKEN,
                        Map.of(
                                "sessionDate",
                                date.toString(),
                                "flashTime",
                                flash.withNano(0).toString(),
                                "perUserLimit",
                                perUserLimit,
                                "fairDraw",
                                true,
                                "drawWindowMs",
                                windowMs,
                                "bookingPass",
                                bookingPass)));
        return reply.data().path("id").asLong();
    }

    public Reply result(Student student, String traceId) {
        return get("/reserve/result/" + traceId, student.token());
    }

    /** Pays a reservation through the simulated WeChat gateway (the order, then its mock success); the order number. */
    public String pay(Student student, long reservationId) {
        String order = expect(200, post("/pay/wechat/" + reservationId, student.token(), null))
                .data()
                .path("outTradeNo")
                .asText();
        expect(200, post("/pay/wechat/mock-success/" + order, ADMIN_TOKEN, null));
        return order;
    }

    /** Reserves and waits until the reservation is recorded; returns its id. */
    public long book(Student student, long sessionId, long slotId) {
        String trace = expect(202, reserve(student, sessionId, slotId))
                .data()
                .path("traceId")
                .asText();
        Reply result = awaitResult(student, trace, Duration.ofSeconds(30));
        if (!"SUCCESS".equals(result.data().path("status").asText())) {
            throw new AssertionError("reservation of slot " + slotId + " did not succeed: " + result);
        }
        return result.data().path("reservationId").asLong();
    }

    /** Polls a trace until it is no longer PENDING. */
    public Reply awaitResult(Student student, String traceId, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Reply reply;
        do {
            reply = expect(200, result(student, traceId));
            if (!"PENDING".equals(reply.data().path("status").asText())) {
                return reply;
            }
            sleep(50);
        } while (System.nanoTime() < deadline);
        return reply;
    }

    /**
     * A staff job answered 202 at once (issue 77), followed where its {@code Location} says until it is no longer
     * RUNNING: the job as it ended.
     */
    public JsonNode followJob(Reply accepted, String token, Duration timeout) {
        expect(202, accepted);
        String at = accepted.raw()
                .headers()
                .firstValue("Location")
                .orElseThrow(() -> new AssertionError("a job without where to follow it: " + accepted));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonNode job = expect(200, get(at, token)).data();
            if (!"RUNNING".equals(job.path("state").asText())) {
                return job;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the job still runs after " + timeout + ": " + job);
            }
            sleep(50);
        }
    }

    public static Reply expect(int status, Reply reply) {
        if (reply.status() != status) {
            throw new AssertionError("expected HTTP " + status + " but got " + reply);
        }
        return reply;
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs the calls at once (each on its own thread) and returns their answers in order. */
    public static List<Reply> atOnce(List<java.util.concurrent.Callable<Reply>> calls) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(calls.size());
        try {
            List<Reply> replies = new java.util.ArrayList<>();
            for (java.util.concurrent.Future<Reply> future : pool.invokeAll(calls)) {
                replies.add(future.get());
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The password {@link #students} gives a student. */
    public static String passwordOf(Student student) {
        return "pw-" + student.studentId();
    }

    /** A logged-in student. */
    public record Student(String studentId, String token) {
        @Override
        public String toString() {
            return studentId;
        }
    }
}
