package com.courtrush.bench;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * After the crowd has drained: the database's reservations of the opening against the capacities,
 * the Redis stock and the places the clients were granted (SPEC invariants I1–I3, nothing lost).
 */
final class Verification {

    private static final int PAGE = 1000;
    private static final Set<String> ACTIVE = Set.of("PENDING_PAYMENT", "CONFIRMED");

    private Verification() {}

    /**
     * @param oversold        places held beyond a slot's capacity, summed over slots (I1)
     * @param twice           students holding the same slot more than once (I2)
     * @param stockMismatches slots whose Redis permits differ from capacity - active (I3)
     * @param dedupMismatches slots whose Redis dedup set differs from the active holders (I3)
     * @param lost            places granted to a client (202) that are not in the database
     * @param unclaimed       reservations held in the database that no client was granted (a place granted after its
     *                        client was told 503 is compensated: its row stays, not held)
     */
    record Result(
            long reservations,
            long active,
            long oversold,
            long twice,
            int stockMismatches,
            int dedupMismatches,
            long lost,
            long unclaimed,
            List<String> problems) {

        boolean ok() {
            return oversold == 0
                    && twice == 0
                    && stockMismatches == 0
                    && dedupMismatches == 0
                    && lost == 0
                    && unclaimed == 0;
        }
    }

    /** Waits (a minute at most) until {@code expected} places of the opening are in the database; says how many. */
    static long awaitRecorded(BenchHttp http, String admin, long sessionId, long expected, PrintStream console)
            throws IOException, InterruptedException {
        return awaitRecorded(http, admin, List.of(sessionId), expected, console);
    }

    /** The same for several openings at once (several venues flashing at one second), counted together. */
    static long awaitRecorded(BenchHttp http, String admin, List<Long> sessions, long expected, PrintStream console)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long recorded = countReservations(http, admin, sessions);
        while (recorded < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            recorded = countReservations(http, admin, sessions);
        }
        console.printf("    %,d of %,d recorded%n", recorded, expected);
        return recorded;
    }

    private static long countReservations(BenchHttp http, String admin, List<Long> sessions) throws IOException {
        long count = 0;
        for (long session : sessions) {
            count += countReservations(http, admin, session);
        }
        return count;
    }

    static long countReservations(BenchHttp http, String admin, long sessionId) throws IOException {
        JSONObject page = http.call(
                "Counting reservations", http.get("/admin/reservations?sessionId=" + sessionId + "&size=1", admin));
        return page.getJSONObject("data").getLongValue("total");
    }

    static Result check(BenchHttp http, String admin, long sessionId, List<Crowd.Grant> grants) throws IOException {
        return check(http, admin, List.of(sessionId), grants);
    }

    /** The same over several openings at once: every slot of each against its opening's rows and Redis's stock. */
    static Result check(BenchHttp http, String admin, List<Long> sessions, List<Crowd.Grant> grants)
            throws IOException {
        List<JSONObject> rows = new ArrayList<>();
        JSONArray slots = new JSONArray();
        for (long sessionId : sessions) {
            rows.addAll(rowsOf(http, admin, sessionId));
            slots.addAll(http.call("Reading the live stock", http.get("/admin/monitor/rush/" + sessionId, admin))
                    .getJSONObject("data")
                    .getJSONArray("slots"));
        }
        return check(rows, slots, grants);
    }

    private static List<JSONObject> rowsOf(BenchHttp http, String admin, long sessionId) throws IOException {
        List<JSONObject> rows = new ArrayList<>();
        for (int page = 1; ; page++) {
            JSONObject data = http.call(
                            "Listing reservations",
                            http.get(
                                    "/admin/reservations?sessionId=" + sessionId + "&page=" + page + "&size=" + PAGE,
                                    admin))
                    .getJSONObject("data");
            JSONArray records = data.getJSONArray("records");
            for (int i = 0; i < records.size(); i++) {
                rows.add(records.getJSONObject(i));
            }
            if (records.size() < PAGE || rows.size() >= data.getLongValue("total")) {
                return rows;
            }
        }
    }

    private static Result check(List<JSONObject> rows, JSONArray slots, List<Crowd.Grant> grants) {
        Map<Long, Integer> activeBySlot = new HashMap<>();
        Map<String, Integer> holders = new HashMap<>();
        Set<String> traces = new HashSet<>();
        Set<String> heldTraces = new HashSet<>();
        long active = 0;
        for (JSONObject row : rows) {
            traces.add(row.getString("traceId"));
            if (ACTIVE.contains(row.getString("status"))) {
                heldTraces.add(row.getString("traceId"));
                active++;
                long slot = row.getLongValue("slotId");
                activeBySlot.merge(slot, 1, Integer::sum);
                holders.merge(slot + "/" + row.getLongValue("userId"), 1, Integer::sum);
            }
        }
        List<String> problems = new ArrayList<>();
        long oversold = 0;
        int stockMismatches = 0;
        int dedupMismatches = 0;
        for (int i = 0; i < slots.size(); i++) {
            JSONObject slot = slots.getJSONObject(i);
            long id = slot.getLongValue("slotId");
            int capacity = slot.getIntValue("capacity");
            int held = activeBySlot.getOrDefault(id, 0);
            if (held > capacity) {
                oversold += held - capacity;
                problems.add("slot " + id + " holds " + held + " of capacity " + capacity);
            }
            Integer permits = slot.getInteger("permitsLeft");
            if (permits == null || permits != capacity - held) {
                stockMismatches++;
                problems.add("slot " + id + ": Redis permits " + permits + ", database " + (capacity - held));
            }
            if (slot.getIntValue("dedupSize") != held) {
                dedupMismatches++;
                problems.add("slot " + id + ": Redis dedup " + slot.getIntValue("dedupSize") + ", holders " + held);
            }
        }
        long twice = holders.values().stream()
                .filter(n -> n > 1)
                .mapToLong(n -> n - 1)
                .sum();
        if (twice > 0) {
            problems.add(twice + " students hold a slot twice");
        }
        Set<String> granted = new HashSet<>();
        long lost = 0;
        for (Crowd.Grant grant : grants) {
            granted.add(grant.traceId());
            if (!traces.contains(grant.traceId())) {
                lost++;
            }
        }
        if (lost > 0) {
            problems.add(lost + " granted places are not in the database");
        }
        long unclaimed = heldTraces.stream().filter(t -> !granted.contains(t)).count();
        if (unclaimed > 0) {
            problems.add(unclaimed + " reservations are held that were never granted to a client");
        }
        return new Result(
                rows.size(),
                active,
                oversold,
                twice,
                stockMismatches,
                dedupMismatches,
                lost,
                unclaimed,
                problems.size() > 20 ? problems.subList(0, 20) : problems);
    }
}
