package com.courtrush.bench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * What the crowd needs on the server, made through the staff API as staff would: courts, students
 * (imported with passwords), an opening with its slots, warmed up; then every student logs in.
 * Names carry a run id, so runs against a shared database do not collide.
 */
final class BenchData {

    /** Hour-long slots per court, from 08:00. */
    static final int SLOTS_PER_COURT = 12;

    private static final int IMPORT_CHUNK = 500;
    static final String PASSWORD = "bench-Passw0rd";
    private static final DateTimeFormatter FLASH = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private final BenchHttp http;
    private final String admin;
    private final String runId;
    private final PrintStream out;

    BenchData(BenchHttp http, String admin, String runId, PrintStream out) {
        this.http = http;
        this.admin = admin;
        this.runId = runId;
        this.out = out;
    }

    List<Long> createCourts(int count) throws IOException {
        return createCourts(count, 1, "BADMINTON");
    }

    /** {@code count} courts of a venue for a sport (SPEC §21). */
    List<Long> createCourts(int count, long venueId, String sport) throws IOException {
        List<Long> ids = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            JSONObject created = http.call(
                    "Creating a court",
                    http.post(
                            "/admin/courts",
                            admin,
                            Map.of(
                                    "courtName",
                                    "Bench " + runId + " v" + venueId + " #" + i,
                                    "venueId",
                                    venueId,
                                    "sport",
                                    sport)));
            ids.add(created.getJSONObject("data").getLong("id"));
        }
        return ids;
    }

    /**
     * Several venues' openings flashing at {@code flash} (SPEC §21), the slots dealt among them: the first venue's
     * badminton {@code courts} (the setup's), the others' table-tennis tables, made here; as one crowd sees them.
     */
    Opening createOpenings(
            List<Long> courts, int slots, int capacity, int perUserLimit, LocalDateTime flash, int venues)
            throws IOException {
        List<Opening> openings = new ArrayList<>();
        for (int venue = 1; venue <= venues; venue++) {
            int its = slots / venues + (venue == 1 ? slots % venues : 0);
            long venueId = venue == 1 ? 1 : createVenue(venue);
            List<Long> itsCourts = venue == 1 ? courts : createCourts(courtsFor(its), venueId, "TABLE_TENNIS");
            openings.add(createOpening(itsCourts, its, capacity, perUserLimit, flash, venueId, false, 0, 1));
        }
        return Opening.together(openings);
    }

    /** The date of this run's first opening's flash time: every opening's play date is counted from it. */
    private LocalDate firstFlashDay;

    /** A venue of this run (SPEC §21), answering its id. */
    long createVenue(int number) throws IOException {
        String name = "Bench " + runId + " venue " + number;
        return http.call("Creating a venue", http.post("/admin/venues", admin, Map.of("nameZh", name, "nameEn", name)))
                .getJSONObject("data")
                .getLongValue("id");
    }

    /** Imports {@code count} students whose ids start with {@code prefix} and the run id. */
    /** The ids of {@code count} students of this run, as {@link #importStudents} names them. */
    List<String> studentIds(String prefix, int count) {
        List<String> ids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ids.add(prefix + runId + "-" + i);
        }
        return ids;
    }

    List<String> importStudents(String prefix, int count) throws IOException {
        List<String> studentIds = new ArrayList<>(count);
        for (int from = 0; from < count; from += IMPORT_CHUNK) {
            List<Map<String, String>> rows = new ArrayList<>();
            for (int i = from; i < Math.min(count, from + IMPORT_CHUNK); i++) {
                String studentId = prefix + runId + "-" + i;
                studentIds.add(studentId);
                rows.add(Map.of("studentId", studentId, "password", PASSWORD, "name", "Bench student " + i));
            }
            JSONObject result = http.call(
                            "Importing students", http.post("/admin/students", admin, Map.of("students", rows)))
                    .getJSONObject("data");
            if (result.getIntValue("created") != rows.size()) {
                throw new BenchException("Importing students created " + result.getIntValue("created") + " of "
                        + rows.size() + ": " + result);
            }
            if (studentIds.size() % 2500 == 0 || studentIds.size() == count) {
                out.printf("    imported %,d/%,d students%n", studentIds.size(), count);
            }
        }
        return studentIds;
    }

    /**
     * A booking pass for each student, got as the page gets it: a challenge, then its answer. The bench
     * reads the answer where the engine keeps it ({@code answerOf} a token: from Redis), as no script can
     * read the picture; the passes come back in the order of the tokens.
     */
    List<String> passes(long sessionId, List<String> tokens, int threads, Function<String, String> answerOf)
            throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<String>> passes = new ArrayList<>();
            for (String token : tokens) {
                passes.add(pool.submit(() -> {
                    http.call(
                            "Asking for a challenge",
                            http.post("/reserve/challenge", token, Map.of("sessionId", sessionId)));
                    String answer = answerOf.apply(token);
                    JSONObject pass = http.call(
                            "Answering the challenge",
                            http.post("/reserve/pass", token, Map.of("sessionId", sessionId, "answer", answer)));
                    int n = done.incrementAndGet();
                    if (n % 1000 == 0 || n == tokens.size()) {
                        out.printf("    booking passes: %,d/%,d students%n", n, tokens.size());
                    }
                    return pass.getJSONObject("data").getString("pass");
                }));
            }
            List<String> result = new ArrayList<>(passes.size());
            for (Future<String> pass : passes) {
                result.add(pass.get());
            }
            return result;
        } catch (ExecutionException e) {
            throw new BenchException(
                    "Getting booking passes failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The account id a student's token is for (its "sub" claim). */
    static long userIdOf(String token) {
        String payload = new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8);
        return JSON.parseObject(payload).getLongValue("sub");
    }

    List<String> logIn(List<String> studentIds, int threads) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<String>> tokens = new ArrayList<>();
            for (String studentId : studentIds) {
                tokens.add(pool.submit(() -> {
                    JSONObject login = http.call(
                            "Logging in " + studentId,
                            http.post("/auth/login", null, Map.of("studentId", studentId, "password", PASSWORD)));
                    int n = done.incrementAndGet();
                    if (n % 1000 == 0 || n == studentIds.size()) {
                        out.printf("    logged in %,d/%,d students%n", n, studentIds.size());
                    }
                    return login.getJSONObject("data").getString("token");
                }));
            }
            List<String> result = new ArrayList<>(tokens.size());
            for (Future<String> token : tokens) {
                result.add(token.get());
            }
            return result;
        } catch (ExecutionException e) {
            throw new BenchException("Logging in failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * An opening of tomorrow's slots whose flash time is {@code leadSeconds} from now, with
     * {@code slots} hour-long slots of {@code capacity} places spread over the courts and up to
     * {@code perUserLimit} places per student; warmed up.
     */
    Opening createOpening(List<Long> courts, int slots, int capacity, int perUserLimit, int leadSeconds, ZoneId zone)
            throws IOException {
        return createOpening(courts, slots, capacity, perUserLimit, leadSeconds, zone, false, 0, 1);
    }

    /**
     * The same, asking for a booking pass when {@code bookingPass}, starting with a fair draw of {@code drawWindowMs}
     * when that is not 0, its slots {@code daysAhead} days after the flash time's date (another play date keeps one
     * crowd's bookings out of another's fair share).
     */
    Opening createOpening(
            List<Long> courts,
            int slots,
            int capacity,
            int perUserLimit,
            int leadSeconds,
            ZoneId zone,
            boolean bookingPass,
            int drawWindowMs,
            int daysAhead)
            throws IOException {
        LocalDateTime flash = LocalDateTime.now(zone).plusSeconds(leadSeconds).truncatedTo(ChronoUnit.SECONDS);
        return createOpening(courts, slots, capacity, perUserLimit, flash, 1, bookingPass, drawWindowMs, daysAhead);
    }

    /** The same, flashing at {@code flash} (several venues' openings at one second), selling {@code venueId}'s courts. */
    Opening createOpening(
            List<Long> courts,
            int slots,
            int capacity,
            int perUserLimit,
            LocalDateTime flash,
            long venueId,
            boolean bookingPass,
            int drawWindowMs,
            int daysAhead)
            throws IOException {
        if (firstFlashDay == null) {
            firstFlashDay = flash.toLocalDate();
        }
        // counted from the run's first opening: two openings either side of the gym's midnight keep their days apart
        LocalDate day = firstFlashDay.plusDays(daysAhead);
        long sessionId = http.call(
                        "Creating the opening",
                        http.post(
                                "/admin/sessions",
                                admin,
                                Map.of(
                                        "sessionDate",
                                        day.toString(),
                                        "flashTime",
                                        FLASH.format(flash),
                                        "warmupLeadMinutes",
                                        5,
                                        "perUserLimit",
                                        perUserLimit,
                                        "bookingPass",
                                        bookingPass,
                                        "fairDraw",
                                        drawWindowMs > 0,
                                        "drawWindowMs",
                                        drawWindowMs,
                                        "venueId",
                                        venueId)))
                .getJSONObject("data")
                .getLongValue("id");
        List<Long> slotIds = new ArrayList<>();
        int full = slots / SLOTS_PER_COURT;
        int rest = slots % SLOTS_PER_COURT;
        if (full > 0) {
            slotIds.addAll(generate(sessionId, courts.subList(0, full), SLOTS_PER_COURT, capacity));
        }
        if (rest > 0) {
            slotIds.addAll(generate(sessionId, courts.subList(full, full + 1), rest, capacity));
        }
        JSONObject warm = http.call(
                        "Warming the opening up", http.post("/admin/sessions/" + sessionId + "/warmup", admin, null))
                .getJSONObject("data");
        long permits = warm.getLongValue("permits");
        if (permits != (long) slots * capacity) {
            throw new BenchException(
                    "The warm-up put " + permits + " permits in Redis, expected " + (long) slots * capacity);
        }
        JSONObject rush = http.call("Reading the opening's gate", http.get("/admin/monitor/rush/" + sessionId, admin))
                .getJSONObject("data");
        Long opensAt = rush.getLong("opensAt");
        if (opensAt == null) {
            throw new BenchException("The opening has no gate time in Redis after its warm-up: " + rush);
        }
        long[] ids = slotIds.stream().mapToLong(Long::longValue).toArray();
        long[] sessions = new long[ids.length];
        Arrays.fill(sessions, sessionId);
        return new Opening(sessionId, ids, permits, opensAt, sessions);
    }

    private List<Long> generate(long sessionId, List<Long> courts, int hours, int capacity) throws IOException {
        JSONArray ids = http.call(
                        "Generating slots",
                        http.post(
                                "/admin/sessions/" + sessionId + "/slots/generate",
                                admin,
                                Map.of(
                                        "courtIds",
                                        courts,
                                        "startTime",
                                        "8:00",
                                        "endTime",
                                        (8 + hours) + ":00",
                                        "durationMinutes",
                                        60,
                                        "capacity",
                                        capacity)))
                .getJSONObject("data")
                .getJSONArray("slotIds");
        return ids.toJavaList(Long.class);
    }

    static int courtsFor(int slots) {
        return (slots + SLOTS_PER_COURT - 1) / SLOTS_PER_COURT;
    }

    /** The opening under test: its slots, places, and when its gate opens (epoch ms). */
    /**
     * An opening under test, or several venues' flashing at the same second as one (SPEC §21).
     *
     * @param sessionId    the (first) opening's id
     * @param slotSessions each slot's opening, in the order of {@code slotIds}
     */
    record Opening(long sessionId, long[] slotIds, long places, long opensAtMs, long[] slotSessions) {

        /** Several openings flashing at one second, as one crowd sees them. */
        static Opening together(List<Opening> openings) {
            long opensAt = openings.get(0).opensAtMs();
            if (openings.stream().anyMatch(each -> each.opensAtMs() != opensAt)) {
                throw new BenchException("The venues' openings open at different times: " + openings);
            }
            return new Opening(
                    openings.get(0).sessionId(),
                    openings.stream()
                            .flatMapToLong(each -> Arrays.stream(each.slotIds()))
                            .toArray(),
                    openings.stream().mapToLong(Opening::places).sum(),
                    opensAt,
                    openings.stream()
                            .flatMapToLong(each -> Arrays.stream(each.slotSessions()))
                            .toArray());
        }

        /** The openings it is. */
        List<Long> sessions() {
            return Arrays.stream(slotSessions).distinct().boxed().toList();
        }

        @Override
        public String toString() {
            return "Opening[" + sessionId + ", " + slotIds.length + " slots, " + places + " places, opens at "
                    + opensAtMs + ", slots " + Arrays.toString(slotIds) + "]";
        }
    }
}
