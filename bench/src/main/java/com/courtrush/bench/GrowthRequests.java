package com.courtrush.bench;

import com.courtrush.history.HistoryFill;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * What students and the desk ask, timed on both phases by a protocol rather than a lucky run (issue 77): each request
 * is asked {@link #UNTIMED} times of each engine untimed, then {@link #RUNS} times of each, alternating — the first
 * phase, then the year, then the year, then the first phase, and so on — so that what the machine does meanwhile
 * falls on both alike; the median of each side and their ratio are reported. The windows are equal on both sides: a
 * day of each history, the week before it, a student with as many bookings in a month as in a year's last month.
 */
final class GrowthRequests {

    static final int RUNS = 20;
    static final int UNTIMED = 3;
    private static final String PROBE_PASSWORD = "growth-pass";

    /** One request timed on one engine: its median and slowest over the runs (NaN: the engine has none), its bytes. */
    record Timed(String request, double medianMs, double maxMs, int bytes) {}

    /** One request on both phases. */
    record Compared(String request, Timed first, Timed year) {

        double ratio() {
            return year.medianMs() / Math.max(first.medianMs(), 0.001);
        }

        boolean measured() {
            return !Double.isNaN(first.medianMs()) && !Double.isNaN(year.medianMs());
        }

        /**
         * Whether the two answers are alike enough to compare their times: within {@link #ALIKE} of each other's size.
         * A typical student's older bookings are none in the first days and a few on a year: a time set beside no
         * answer says nothing of the history's cost (its statements are explained instead).
         */
        boolean alike() {
            double a = Math.max(first.bytes(), 1);
            double b = Math.max(year.bytes(), 1);
            return Math.max(a, b) / Math.min(a, b) <= ALIKE;
        }
    }

    /** The most two answers' sizes may differ for their times to be compared. */
    static final double ALIKE = 3;

    /**
     * The students asked about on an engine: the busiest regular and a typical student (the median of those who
     * booked), signed in, the regular's calendar feed, a student who signs in, the day and week asked about
     * (yesterday: a day of both histories), and the fragments of a name the desk searches for.
     */
    private record Probe(
            BenchHttp http,
            String regular,
            String regularToken,
            String typicalToken,
            String signingIn,
            String feed,
            LocalDate day) {}

    private final FlashBench bench;
    /** The requests of the year's engine, once {@link #compare} has made them. */
    private Map<String, Request> ofTheYear = Map.of();

    GrowthRequests(FlashBench bench) {
        this.bench = bench;
    }

    /** Every request asked of both engines by the protocol; {@code first} and {@code year}: each engine and its students. */
    List<Compared> compare(
            BenchHttp first,
            GrowthPhases.Prepared firstPhase,
            BenchHttp year,
            GrowthPhases.Prepared yearPhase,
            String runId)
            throws Exception {
        Map<String, Request> a = requests(probe(first, firstPhase, runId + "m"));
        Map<String, Request> b = requests(probe(year, yearPhase, runId + "y"));
        ofTheYear = b;
        List<Compared> compared = new ArrayList<>();
        for (String name : a.keySet()) {
            compared.add(alternate(name, a.get(name), b.get(name)));
        }
        return compared;
    }

    /** A request of one engine: what it asks. */
    private record Request(String path, Callable<BenchHttp.Reply> asked) {}

    /** The request of that name, asked of the year's engine once more (to catch the statements it runs). */
    Callable<BenchHttp.Reply> ofTheYear(String name) {
        return ofTheYear.get(name).asked();
    }

    private Probe probe(BenchHttp http, GrowthPhases.Prepared phase, String runId) throws IOException {
        String signingIn = "g" + runId;
        http.call(
                "importing the student who signs in",
                http.post(
                        "/admin/students",
                        bench.adminToken,
                        Map.of(
                                "students",
                                List.of(Map.of("studentId", signingIn, "password", PROBE_PASSWORD, "name", "Probe")))));
        String regular = phase.filled().regulars().get(0).studentId();
        String token = signIn(http, regular, HistoryFill.PASSWORD);
        String feed = http.call("a calendar feed", http.post("/reservations/calendar", token, Map.of()))
                .getJSONObject("data")
                .getString("path")
                .replaceFirst("^https?://[^/]+", "");
        String typical = signIn(http, phase.filled().typical().studentId(), HistoryFill.PASSWORD);
        return new Probe(
                http,
                regular,
                token,
                typical,
                signingIn,
                feed,
                LocalDate.now(bench.zone).minusDays(1));
    }

    private static String signIn(BenchHttp http, String studentId, String password) throws IOException {
        return http.call(
                        "signing in " + studentId,
                        http.post("/auth/login", null, Map.of("studentId", studentId, "password", password)))
                .getJSONObject("data")
                .getString("token");
    }

    private Map<String, Request> requests(Probe probe) {
        BenchHttp http = probe.http();
        String admin = bench.adminToken;
        LocalDate day = probe.day();
        String week = "from=" + day.minusDays(6) + "&to=" + day;
        Map<String, Request> asked = new LinkedHashMap<>();
        get(asked, "courts page GET /slots?date=", http, "/slots?date=" + day, probe.regularToken());
        asked.put(
                "sign-in POST /auth/login",
                new Request(
                        "/auth/login",
                        () -> http.post(
                                "/auth/login",
                                null,
                                Map.of("studentId", probe.signingIn(), "password", PROBE_PASSWORD))));
        get(asked, "my bookings GET /reservations/mine", http, "/reservations/mine", probe.regularToken());
        get(
                asked,
                "my older bookings GET /reservations/mine/history",
                http,
                "/reservations/mine/history?size=20",
                probe.regularToken());
        get(
                asked,
                "a typical student's older bookings",
                http,
                "/reservations/mine/history?size=20",
                probe.typicalToken());
        get(asked, "a typical student's bookings", http, "/reservations/mine", probe.typicalToken());
        get(asked, "unread badge GET /notices/unread", http, "/notices/unread", probe.regularToken());
        get(asked, "inbox GET /notices", http, "/notices?size=20", probe.regularToken());
        get(asked, "calendar feed GET /calendar/{key}.ics", http, probe.feed(), null);
        get(asked, "a day's report", http, "/admin/reports?from=" + day + "&to=" + day, admin);
        get(asked, "a week's report", http, "/admin/reports?" + week, admin);
        get(asked, "report.csv (a week)", http, "/admin/reports/report.csv?" + week, admin);
        get(asked, "reservations.csv (a week)", http, "/admin/reports/reservations.csv?" + week, admin);
        get(asked, "pay-orders.csv (a week)", http, "/admin/reports/pay-orders.csv?" + week, admin);
        get(
                asked,
                "staff reservations ?status=CONFIRMED",
                http,
                "/admin/reservations?status=CONFIRMED&page=1&size=100",
                admin);
        get(
                asked,
                "staff reservations of a day",
                http,
                "/admin/reservations?from=" + day + "&to=" + day + "&page=1&size=100",
                admin);
        get(
                asked,
                "staff reservations of a student, a month",
                http,
                "/admin/reservations?studentId=" + probe.regular() + "&from=" + day.minusDays(29) + "&to=" + day
                        + "&size=100",
                admin);
        for (String fragment : com.courtrush.history.FilledHistory.NAME_FRAGMENTS) {
            get(
                    asked,
                    "staff reservations, name part " + fragment,
                    http,
                    "/admin/reservations?q="
                            + java.net.URLEncoder.encode(fragment, java.nio.charset.StandardCharsets.UTF_8)
                            + "&size=100",
                    admin);
        }
        get(asked, "check-in of a day", http, "/admin/check-in?date=" + day, admin);
        get(asked, "audit, page 1", http, "/admin/audit?page=1&size=100", admin);
        get(asked, "students, page 1", http, "/admin/students?page=1&size=100", admin);
        return asked;
    }

    /** A GET by {@code token} (a student's, the desk's, or none). */
    private static void get(Map<String, Request> asked, String name, BenchHttp http, String path, String token) {
        asked.put(name, new Request(path, () -> http.get(path, token)));
    }

    /** {@code name} asked of both engines by the protocol of the class's comment. */
    private static Compared alternate(String name, Request first, Request year) throws Exception {
        Side a = new Side(name, first.asked());
        Side b = new Side(name, year.asked());
        for (int i = 0; i < UNTIMED; i++) {
            a.ask(false);
            b.ask(false);
        }
        if (a.missing() || b.missing()) {
            return new Compared(name, a.timed(), b.timed());
        }
        for (int i = 0; i < RUNS; i++) {
            Side one = i % 2 == 0 ? a : b;
            Side other = one == a ? b : a;
            one.ask(true);
            other.ask(true);
        }
        return new Compared(name, a.timed(), b.timed());
    }

    /** One engine's side of a request: the times asked, its answer's bytes; 404 once untimed: it has none. */
    private static final class Side {

        private final String name;
        private final Callable<BenchHttp.Reply> call;
        private final double[] ms = new double[RUNS];
        private int timed;
        private int bytes;
        private boolean missing;
        private boolean overAMinute;

        Side(String name, Callable<BenchHttp.Reply> call) {
            this.name = name;
            this.call = call;
        }

        void ask(boolean timing) throws Exception {
            if (missing || overAMinute) {
                return;
            }
            long start = System.nanoTime();
            BenchHttp.Reply reply;
            try {
                reply = call.call();
            } catch (java.net.SocketTimeoutException e) {
                overAMinute = true;
                return;
            }
            double took = (System.nanoTime() - start) / 1e6;
            if (reply.status() == 404 && !timing) {
                missing = true; // an engine from before the request, measured as "before"
                return;
            }
            if (reply.status() != 200) {
                throw new BenchException(name + " answered HTTP " + reply.status() + ": " + reply.text());
            }
            if (timing) {
                ms[timed++] = took;
                bytes = reply.body().length;
            }
        }

        boolean missing() {
            return missing;
        }

        Timed timed() {
            if (missing) {
                return new Timed(name, Double.NaN, Double.NaN, 0);
            }
            if (overAMinute) {
                return new Timed(name, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, -1);
            }
            double[] sorted = Arrays.copyOf(ms, timed);
            Arrays.sort(sorted);
            return new Timed(name, (sorted[timed / 2 - 1] + sorted[timed / 2]) / 2, sorted[timed - 1], bytes);
        }
    }
}
