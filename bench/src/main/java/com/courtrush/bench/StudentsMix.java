package com.courtrush.bench;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The flash opening as students make it, request for request what the students' page sends (README,
 * "What the page asks of the engine"): sign-ins over the last minute or two before the opening (a
 * storm at a set rate, some with a wrong password first), each followed by the page's load (the page
 * and its files, the calendar, the courts, my bookings, the notices' badge) and its refreshes of the courts
 * every 4-7 s;
 * at the flash time a tap each — most a human reaction later, some from scripts firing early — one
 * more tap on an alternative after a sold-out answer, the result followed on the page's schedule, my
 * bookings and the courts once after it, and a fraction paying. Every request is scheduled on a
 * pool of client threads, so a slow server delays what comes after it, as it delays a phone. Sign-ins
 * have a pool of their own, as large as the storm needs (a sign-in waits its turn at the hashing pool
 * for seconds when more come than it hashes, and must not hold the threads of students already in),
 * and so has the {@code /ping} probe.
 *
 * <p>The phone keeps up (issue 55): once a tap's result has settled, a share of the students go to My bookings and
 * stay there — the page reads my bookings as that view does, then asks the badge ({@code GET /notices/unread}) every
 * 4–7 s instead of refreshing the courts, and reads my bookings again when its change stamp moves; every student's
 * minute badge does the same on the courts. The first winners (as many as {@code checkInSheets}) open the check-in
 * sheet of their booking and keep it open: its codes once (answered 409, pay first: the mix's winners do not pay at
 * the desk), then {@code GET /reservations/{id}/check-in/state} every 2–3 s — a stand-in, at the page's rate, for the
 * students checking in for the hour that starts at the opening.
 */
final class StudentsMix {

    /** What the page asks for, as counted here. */
    enum Kind {
        SIGN_IN,
        SIGN_IN_WRONG,
        PAGE,
        VENUES,
        CALENDAR,
        NOTICES,
        SLOTS,
        MINE,
        RESERVE,
        RESULT,
        PAY,
        PAY_STATUS,
        /** The badge asked every 4–7 s from My bookings: the change signal. */
        CHANGES,
        /** My bookings' other reads when the view is shown or the stamp moved: standing, waits, invitations, pay mode. */
        MINE_VIEW,
        /** An open check-in sheet: its codes once, then whether the desk has checked it in, every 2–3 s. */
        CHECK_IN,
        PING
    }

    static final long[] RESULT_PAUSES_MS = {250, 500, 1000, 1500, 2000, 3000};
    private static final int PING_CLIENTS = 4;
    private static final long PING_EVERY_MS = 50;

    private final BenchHttp http;
    private final Options options;
    private final BenchData.Opening opening;
    private final String date;
    private final ScheduledExecutorService clients;
    private final ScheduledExecutorService signIns;
    private final ScheduledExecutorService pings;
    private final Map<Kind, Recorder> recorders = new EnumMap<>(Kind.class);
    private final ConcurrentLinkedQueue<Crowd.Grant> grants = new ConcurrentLinkedQueue<>();
    private final AtomicInteger signedIn = new AtomicInteger();
    private final AtomicInteger checkInSheetsOpen = new AtomicInteger();
    private volatile List<String> pageFiles = List.of();
    private volatile String pageTag;
    private final AtomicLong lastSignInMicros = new AtomicLong();
    private volatile long endMicros;
    private final long flashMicros;

    /**
     * @param students        the students, each with the password they were imported with
     * @param signInPerSecond the storm's rate (sign-ins started per second)
     * @param wrongFirst      the share of sign-ins that type a wrong password first
     * @param early           the share of students whose tap is a script firing before the flash time
     * @param pay             the share of winners who pay
     * @param mine            the share of students who go to My bookings once their tap's result settles
     * @param checkInSheets   how many students (the first winners) keep a check-in sheet open
     */
    record Options(
            int clientThreads,
            double signInPerSecond,
            double wrongFirst,
            double early,
            double pay,
            int afterSeconds,
            double mine,
            int checkInSheets) {

        /** Sign-ins under way at once: the storm's rate times the longest wait a queue of them may see. */
        int signInThreads() {
            return (int) Math.min(SIGN_IN_THREADS_MAX, Math.max(16, signInPerSecond * 15));
        }
    }

    static final int SIGN_IN_THREADS_MAX = 600;

    /** A student: who, and (once signed in) their token. */
    private static final class Student {
        final String id;
        volatile String token;
        volatile int alternativesTried;
        /** The change stamp the page last read from the badge (null: none yet). */
        volatile String changes;
        /** On My bookings: the courts' refreshes stop, the badge is asked every 4–7 s. */
        volatile boolean onMine;

        Student(String id) {
            this.id = id;
        }
    }

    StudentsMix(BenchHttp http, Options options, BenchData.Opening opening, String date) {
        this.http = http;
        this.options = options;
        this.opening = opening;
        this.date = date;
        this.flashMicros = opening.opensAtMs() * 1000;
        this.clients = new ScheduledThreadPoolExecutor(options.clientThreads());
        this.signIns = new ScheduledThreadPoolExecutor(options.signInThreads());
        this.pings = new ScheduledThreadPoolExecutor(PING_CLIENTS);
        for (Kind kind : Kind.values()) {
            recorders.put(kind, new Recorder());
        }
    }

    /** Runs the mix (the signed-in open the page, the rest sign in) until {@code afterSeconds} past the flash. */
    Result run(List<String> signedInTokens, List<String> toSignIn) throws InterruptedException, IOException {
        pageFiles = PageFiles.of(http.get("/", null));
        pageTag = http.etagOf("/");
        long start = WallClock.epochMicros();
        endMicros = flashMicros + options.afterSeconds() * 1_000_000L;
        for (int i = 0; i < PING_CLIENTS; i++) {
            pings.schedule(this::ping, i * 10L, TimeUnit.MILLISECONDS);
        }
        for (String token : signedInTokens) {
            Student student = new Student(null);
            student.token = token;
            signedIn.incrementAndGet();
            clients.schedule(
                    () -> openPage(student, true), ThreadLocalRandom.current().nextLong(2000), TimeUnit.MILLISECONDS);
        }
        double gapMicros = 1_000_000.0 / options.signInPerSecond();
        for (int i = 0; i < toSignIn.size(); i++) {
            Student student = new Student(toSignIn.get(i));
            boolean wrong = ThreadLocalRandom.current().nextDouble() < options.wrongFirst();
            long at = start + (long) (i * gapMicros);
            signIns.schedule(() -> signIn(student, wrong), at - WallClock.epochMicros(), TimeUnit.MICROSECONDS);
        }
        WallClock.awaitEpochMicros(endMicros);
        for (ScheduledExecutorService pool : List.of(signIns, pings, clients)) {
            pool.shutdown();
            if (!pool.awaitTermination(60, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        }
        Map<Kind, Recorder> all = new EnumMap<>(recorders);
        return new Result(
                start, endMicros, flashMicros, lastSignInMicros.get(), signedIn.get(), all, List.copyOf(grants));
    }

    // ---- what a student does -----------------------------------------------------------------

    private void signIn(Student student, boolean wrongPassword) {
        if (past()) {
            return;
        }
        Kind kind = wrongPassword ? Kind.SIGN_IN_WRONG : Kind.SIGN_IN;
        BenchHttp.Reply reply = call(
                kind,
                () -> http.post(
                        "/auth/login",
                        null,
                        Map.of(
                                "studentId",
                                student.id,
                                "password",
                                wrongPassword ? "not-" + BenchData.PASSWORD : BenchData.PASSWORD)));
        if (reply == null) {
            return;
        }
        if (reply.status() == 200 && !wrongPassword) {
            JSONObject data = reply.json().getJSONObject("data");
            student.token = data.getString("token");
            signedIn.incrementAndGet();
            lastSignInMicros.accumulateAndGet(WallClock.epochMicros(), Math::max);
            later(0, () -> openPage(student, false));
        } else if (reply.status() == 503 || reply.status() == 429) {
            // the hashing pool is full, or too many tries: the page waits as told, then signs in again
            later(signIns, retryAfterMs(reply, 2000), () -> signIn(student, false));
        } else {
            // a wrong password: typed again, right, a moment later
            later(signIns, 2000 + ThreadLocalRandom.current().nextLong(2000), () -> signIn(student, false));
        }
    }

    /**
     * The page opened: its files, the venues, the calendar, the courts and my bookings; then the refreshes and the tap. The files
     * come as a browser gets them: gzipped; on a phone that has opened the page before ({@code returning}: the
     * students signed in already), only the page is asked again (304: unchanged), its files — each under a
     * fingerprinted name, kept a year — coming from the phone's cache; on a phone new to the page, every file.
     */
    private void openPage(Student student, boolean returning) {
        if (returning && pageTag != null) {
            call(Kind.PAGE, () -> http.getIfNoneMatch("/", pageTag));
        } else {
            for (String file : pageFiles) {
                call(Kind.PAGE, () -> http.get(file, null));
            }
        }
        call(Kind.VENUES, () -> http.get("/venues", null));
        call(Kind.CALENDAR, () -> http.get("/calendar", student.token));
        BenchHttp.Reply slots = call(Kind.SLOTS, () -> http.get("/slots?date=" + date, student.token));
        call(Kind.MINE, () -> http.get("/reservations/mine", student.token));
        badge(student, Kind.NOTICES);
        call(Kind.NOTICES, () -> http.get("/notices/reminders", student.token));
        later(4000 + ThreadLocalRandom.current().nextLong(3000), () -> refreshSlots(student));
        later(60_000, () -> refreshCalendar(student));
        scheduleTap(student, slots);
    }

    private void refreshSlots(Student student) {
        if (past() || student.onMine) {
            return; // My bookings on screen: the courts' timers stopped
        }
        call(Kind.SLOTS, () -> http.get("/slots?date=" + date, student.token));
        later(4000 + ThreadLocalRandom.current().nextLong(3000), () -> refreshSlots(student));
    }

    private void refreshCalendar(Student student) {
        if (past() || student.onMine) {
            return;
        }
        call(Kind.CALENDAR, () -> http.get("/calendar", student.token));
        badge(student, Kind.NOTICES); // the inbox's badge, also each minute
        later(60_000, () -> refreshCalendar(student));
    }

    /**
     * The badge: {@code GET /notices/unread}; when its change stamp moved since the page last read it, my bookings
     * are read again as the view on screen reads them (the courts: my reservations and waits; My bookings: all).
     */
    private void badge(Student student, Kind kind) {
        BenchHttp.Reply reply = call(kind, () -> http.get("/notices/unread", student.token));
        JSONObject data =
                reply == null || reply.status() != 200 ? null : reply.json().getJSONObject("data");
        String changes = data == null ? null : data.getString("changes");
        if (changes == null) {
            return;
        }
        String before = student.changes;
        student.changes = changes;
        if (before != null && !before.equals(changes)) {
            loadMine(student);
        }
    }

    /** The page's loadMine: on My bookings five reads at once, on the courts two. */
    private void loadMine(Student student) {
        call(Kind.MINE, () -> http.get("/reservations/mine", student.token));
        call(Kind.MINE_VIEW, () -> http.get("/reservations/waits", student.token));
        if (student.onMine) {
            call(Kind.MINE_VIEW, () -> http.get("/reservations/standing", student.token));
            call(Kind.MINE_VIEW, () -> http.get("/reservations/invitations", student.token));
            call(Kind.MINE_VIEW, () -> http.get("/pay/mode", student.token));
        }
    }

    /** To My bookings: the badge at once, the view's reads, then the badge every 4–7 s until the end. */
    private void goToMine(Student student) {
        if (past() || student.onMine) {
            return;
        }
        student.onMine = true;
        badge(student, Kind.CHANGES);
        loadMine(student);
        later(4000 + ThreadLocalRandom.current().nextLong(3000), () -> watchMine(student));
    }

    private void watchMine(Student student) {
        if (past()) {
            return;
        }
        badge(student, Kind.CHANGES);
        later(4000 + ThreadLocalRandom.current().nextLong(3000), () -> watchMine(student));
    }

    /** The check-in sheet of a booking: its codes once, then whether the desk checked it in every 2–3 s. */
    private void openCheckInSheet(Student student, long reservation) {
        call(Kind.CHECK_IN, () -> http.get("/reservations/" + reservation + "/check-in", student.token));
        later(2000 + ThreadLocalRandom.current().nextLong(1000), () -> followCheckIn(student, reservation));
    }

    private void followCheckIn(Student student, long reservation) {
        if (past()) {
            return;
        }
        BenchHttp.Reply reply =
                call(Kind.CHECK_IN, () -> http.get("/reservations/" + reservation + "/check-in/state", student.token));
        if (reply != null && reply.status() >= 400 && reply.status() < 500 && reply.status() != 429) {
            return; // the page stops on a refusal (an old engine without the question answers 404)
        }
        later(2000 + ThreadLocalRandom.current().nextLong(1000), () -> followCheckIn(student, reservation));
    }

    /**
     * A person taps a human reaction after the button turns on (or after their page has loaded, if that
     * was later); a script fires from a little before the flash time, again every 100 ms while it is
     * told the opening has not opened (5 tries at most: the per-student limit).
     */
    private void scheduleTap(Student student, BenchHttp.Reply slots) {
        long slotId = opening.slotIds()[ThreadLocalRandom.current().nextInt(opening.slotIds().length)];
        long now = WallClock.epochMicros();
        if (ThreadLocalRandom.current().nextDouble() < options.early() && now < flashMicros) {
            long at = flashMicros - ThreadLocalRandom.current().nextLong(200_000);
            clients.schedule(() -> scriptTap(student, slotId, 5), at - now, TimeUnit.MICROSECONDS);
            return;
        }
        // a reaction of 250 ms to 2 s, most around 600 ms
        long reactionMs = (long) Math.min(
                2000, 250 + Math.exp(5.9 + 0.6 * ThreadLocalRandom.current().nextGaussian()));
        long at = Math.max(flashMicros, now) + reactionMs * 1000;
        clients.schedule(() -> tap(student, slotId), at - now, TimeUnit.MICROSECONDS);
    }

    private void scriptTap(Student student, long slotId, int triesLeft) {
        BenchHttp.Reply reply = reserve(student, slotId);
        if (reply != null && reply.status() == 409 && "UNGATED".equals(reply.enumCode()) && triesLeft > 1) {
            later(100, () -> scriptTap(student, slotId, triesLeft - 1));
        } else {
            answered(student, reply);
        }
    }

    private void tap(Student student, long slotId) {
        if (past()) {
            return;
        }
        answered(student, reserve(student, slotId));
    }

    private BenchHttp.Reply reserve(Student student, long slotId) {
        byte[] body = ("{\"sessionId\":" + opening.sessionId() + ",\"slotId\":" + slotId + "}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        long sent = WallClock.epochMicros();
        BenchHttp.Reply reply = call(Kind.RESERVE, () -> http.postRaw("/reserve/", student.token, body));
        if (reply != null && reply.status() == 202) {
            String trace = reply.json().getJSONObject("data").getString("traceId");
            grants.add(new Crowd.Grant(trace, sent, WallClock.epochMicros()));
        }
        return reply;
    }

    /** What the page does with the tap's answer. */
    private void answered(Student student, BenchHttp.Reply reply) {
        if (reply == null) {
            return;
        }
        if (reply.status() == 202) {
            String trace = reply.json().getJSONObject("data").getString("traceId");
            later(RESULT_PAUSES_MS[0], () -> followResult(student, trace, 1));
            return;
        }
        if (reply.status() == 409 && "OUT_OF_STOCK".equals(reply.enumCode()) && student.alternativesTried < 2) {
            JSONObject data = reply.json().getJSONObject("data");
            JSONArray alternatives = data == null ? null : data.getJSONArray("alternatives");
            if (alternatives != null && !alternatives.isEmpty()) {
                student.alternativesTried++;
                long alternative = alternatives.getJSONObject(0).getLongValue("slotId");
                later(800 + ThreadLocalRandom.current().nextLong(1200), () -> tap(student, alternative));
                return;
            }
        }
        // anything else (already yours, your limit, too many tries, busy) is read, not retried by the page
        afterSettling(student);
    }

    private void followResult(Student student, String trace, int polls) {
        if (past()) {
            return;
        }
        BenchHttp.Reply reply = call(Kind.RESULT, () -> http.get("/reserve/result/" + trace, student.token));
        JSONObject data =
                reply == null || reply.status() != 200 ? null : reply.json().getJSONObject("data");
        String status = data == null ? null : data.getString("status");
        if ("SUCCESS".equals(status) || "FAILED".equals(status)) {
            call(Kind.MINE, () -> http.get("/reservations/mine", student.token));
            call(Kind.SLOTS, () -> http.get("/slots?date=" + date, student.token));
            if ("SUCCESS".equals(status) && ThreadLocalRandom.current().nextDouble() < options.pay()) {
                long reservation = data.getLongValue("reservationId");
                later(1000 + ThreadLocalRandom.current().nextLong(2000), () -> pay(student, reservation));
            }
            if ("SUCCESS".equals(status) && checkInSheetsOpen.getAndIncrement() < options.checkInSheets()) {
                long reservation = data.getLongValue("reservationId");
                later(1000 + ThreadLocalRandom.current().nextLong(2000), () -> openCheckInSheet(student, reservation));
            }
            afterSettling(student);
            return;
        }
        long pause = Math.max(
                RESULT_PAUSES_MS[Math.min(polls, RESULT_PAUSES_MS.length - 1)],
                reply == null ? 0 : retryAfterMs(reply, 0));
        later(pause, () -> followResult(student, trace, polls + 1));
    }

    /** A tap's result settled (or a refusal was read): a share of the students go on to My bookings. */
    private void afterSettling(Student student) {
        if (ThreadLocalRandom.current().nextDouble() < options.mine()) {
            later(2000 + ThreadLocalRandom.current().nextLong(8000), () -> goToMine(student));
        }
    }

    /** The simulated WeChat Pay sheet: the order once, then its state every 3 s while it is open (9 s). */
    private void pay(Student student, long reservation) {
        call(Kind.PAY, () -> http.post("/pay/wechat/" + reservation, student.token, null));
        for (int i = 1; i <= 3; i++) {
            later(
                    3000L * i,
                    () -> call(Kind.PAY_STATUS, () -> http.get("/pay/reservation/" + reservation, student.token)));
        }
    }

    private void ping() {
        if (past()) {
            return;
        }
        call(Kind.PING, () -> http.get("/ping", null));
        later(pings, PING_EVERY_MS, this::ping);
    }

    // ---- plumbing ------------------------------------------------------------------------------

    private boolean past() {
        return WallClock.epochMicros() >= endMicros;
    }

    private void later(long millis, Runnable what) {
        later(clients, millis, what);
    }

    private void later(ScheduledExecutorService pool, long millis, Runnable what) {
        if (!pool.isShutdown() && WallClock.epochMicros() + millis * 1000 < endMicros) {
            pool.schedule(what, millis, TimeUnit.MILLISECONDS);
        }
    }

    private static long retryAfterMs(BenchHttp.Reply reply, long otherwise) {
        return reply.retryAfterSeconds() >= 0 ? reply.retryAfterSeconds() * 1000L : otherwise;
    }

    private BenchHttp.Reply call(Kind kind, IoCall request) {
        long started = System.nanoTime();
        BenchHttp.Reply reply;
        try {
            reply = request.call();
        } catch (IOException e) {
            recorders.get(kind).add(WallClock.epochMicros(), (System.nanoTime() - started) / 1000, -1);
            return null;
        }
        recorders.get(kind).add(WallClock.epochMicros(), (System.nanoTime() - started) / 1000, reply.status());
        return reply;
    }

    @FunctionalInterface
    private interface IoCall {
        BenchHttp.Reply call() throws IOException;
    }

    /** One kind's requests: when each finished (epoch µs), how long it took (µs) and its HTTP status (-1: I/O error). */
    static final class Recorder {
        private long[] doneAt = new long[1024];
        private int[] micros = new int[1024];
        private short[] statuses = new short[1024];
        private int size;

        synchronized void add(long doneAtMicros, long latencyMicros, int status) {
            if (size == doneAt.length) {
                doneAt = java.util.Arrays.copyOf(doneAt, size * 2);
                micros = java.util.Arrays.copyOf(micros, size * 2);
                statuses = java.util.Arrays.copyOf(statuses, size * 2);
            }
            doneAt[size] = doneAtMicros;
            micros[size] = (int) Math.min(Integer.MAX_VALUE, latencyMicros);
            statuses[size] = (short) status;
            size++;
        }

        /**
         * The requests that finished in {@code [from, to)}: their count, rate over the kind's active span in
         * the window (first to last), latency, statuses; errors are I/O errors and 5xx other than a 503 said
         * with Retry-After (the hashing pool full), and 500s.
         */
        synchronized MixReport.MixKind summary(String name, long from, long to) {
            return summary(name, from, to, status -> true);
        }

        /** The same, of the requests answered with a status {@code which} takes. */
        synchronized MixReport.MixKind summary(String name, long from, long to, java.util.function.IntPredicate which) {
            Histogram histogram = new Histogram(TimeUnit.MINUTES.toMicros(5), 3);
            Map<String, Long> byStatus = new TreeMap<>();
            long count = 0;
            long errors = 0;
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (int i = 0; i < size; i++) {
                if (doneAt[i] < from || doneAt[i] >= to || !which.test(statuses[i])) {
                    continue;
                }
                count++;
                first = Math.min(first, doneAt[i]);
                last = Math.max(last, doneAt[i]);
                histogram.recordValue(Math.min(micros[i], TimeUnit.MINUTES.toMicros(5)));
                byStatus.merge(statuses[i] < 0 ? "I/O" : Integer.toString(statuses[i]), 1L, Long::sum);
                if (statuses[i] < 0 || (statuses[i] >= 500 && statuses[i] != 503)) {
                    errors++;
                }
            }
            double seconds = count < 2 ? 0 : (last - first) / 1e6;
            return new MixReport.MixKind(
                    name,
                    count,
                    seconds,
                    seconds > 0 ? count / seconds : 0,
                    Analysis.Latency.of(histogram),
                    errors,
                    byStatus);
        }
    }

    /** What the mix recorded. */
    record Result(
            long startMicros,
            long endMicros,
            long flashMicros,
            long lastSignInMicros,
            int signedIn,
            Map<Kind, Recorder> recorders,
            List<Crowd.Grant> grants) {

        List<MixReport.MixKind> table(long from, long to) {
            List<MixReport.MixKind> rows = new ArrayList<>();
            recorders.forEach((kind, recorder) -> rows.add(
                    recorder.summary(kind.name().toLowerCase(Locale.ROOT).replace('_', ' '), from, to)));
            return rows;
        }
    }
}
