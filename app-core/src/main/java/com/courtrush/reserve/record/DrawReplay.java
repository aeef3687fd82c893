package com.courtrush.reserve.record;

import com.alibaba.fastjson2.JSON;
import com.courtrush.core.Digests;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-runs a fair draw from its published record, outside Redis and the engine (SPEC §13; docs/fair-draw.md gives
 * every field and byte string): the commitment is the SHA-256 of the secret's hex text (its 32 characters, not
 * the 16 bytes they spell); the entries' digest is the SHA-1 of their lines; the order is by SHA-1(secret:digest:id);
 * each entrant in that order takes the first slot of their preference with a place left, not one they hold,
 * not beyond the opening's limit (none when the opening was closed; an expired entry is skipped). The engine's
 * {@code lua/draw.lua} does the same in Redis; this is the arithmetic anyone can check, and the command
 * {@code java -jar app-core.jar verify-draw <file or address>} prints it.
 */
public final class DrawReplay {

    private DrawReplay() {}

    /** The published record of a draw. */
    public record Publication(
            int version,
            long sessionId,
            String commitment,
            String secret,
            boolean open,
            int limit,
            Map<String, Integer> places,
            String digest,
            List<Entry> entries,
            List<Winner> winners) {}

    /**
     * One entry: the entrant's pseudonym, the slots they asked for in order, the places they held in the
     * opening at the close, which of the slots asked for they held already, and whether the entry had expired.
     */
    public record Entry(String id, List<String> wants, int held, List<String> taken, boolean expired) {

        String line() {
            return id + " " + String.join(",", wants) + " " + held + " "
                    + (taken.isEmpty() ? "-" : String.join(",", taken)) + " " + (expired ? "1" : "0");
        }
    }

    public record Winner(String id, String slot) {}

    /** What re-running found: each check, and the winners it drew. */
    public record Verdict(boolean commitmentHolds, boolean digestHolds, boolean winnersMatch, List<Winner> winners) {

        public boolean holds() {
            return commitmentHolds && digestHolds && winnersMatch;
        }
    }

    /** The digest of the entries' lines, sorted by id. */
    public static String digest(List<Entry> entries) {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(Entry::id));
        return Digests.sha1Hex(
                String.join("\n", sorted.stream().map(Entry::line).toList()));
    }

    /** Draws again from the record: the winners in the order they were drawn. */
    public static List<Winner> replay(Publication record) {
        String digest = digest(record.entries());
        List<Entry> order = new ArrayList<>(record.entries());
        Map<String, String> keys = new LinkedHashMap<>();
        for (Entry entry : order) {
            keys.put(entry.id(), orderKey(record.secret(), digest, entry.id()));
        }
        order.sort(Comparator.comparing((Entry entry) -> keys.get(entry.id())).thenComparing(Entry::id));
        Map<String, Integer> left = new LinkedHashMap<>(record.places());
        List<Winner> winners = new ArrayList<>();
        for (Entry entry : order) {
            if (entry.expired()) {
                continue;
            }
            for (String slot : entry.wants()) {
                Integer places = left.get(slot);
                if (record.open()
                        && entry.held() < record.limit()
                        && places != null
                        && places > 0
                        && !entry.taken().contains(slot)) {
                    left.put(slot, places - 1);
                    winners.add(new Winner(entry.id(), slot));
                    break;
                }
            }
        }
        return winners;
    }

    public static Verdict verify(Publication record) {
        List<Winner> winners = replay(record);
        return new Verdict(
                Digests.sha256Hex(record.secret()).equals(record.commitment()),
                digest(record.entries()).equals(record.digest()),
                winners.equals(record.winners()),
                winners);
    }

    /** Where an entry falls in the draw's order: the smaller first. */
    public static String orderKey(String secret, String digest, String id) {
        return Digests.sha1Hex(secret + ":" + digest + ":" + id);
    }

    /** The entrant pseudonym of a user in an opening, as the draw computes it. */
    public static String pseudonym(long sessionId, long userId) {
        return Digests.sha1Hex("entrant:" + sessionId + ":" + userId);
    }

    /**
     * {@code verify-draw <file or http(s) address of GET /draws/{id}>}: reads a published draw, re-runs it and
     * prints each check and the winners; exits 0 when everything holds, 1 when not, 2 when it cannot read it.
     */
    @SuppressWarnings("java:S106") // a command's output is its standard output
    public static int run(String[] args, java.io.PrintStream out) {
        if (args.length != 1) {
            out.println("usage: verify-draw <draw.json | http(s)://host/draws/<openingId>>");
            return 2;
        }
        Publication record;
        try {
            record = read(args[0]);
        } catch (IOException | RuntimeException e) {
            out.println("cannot read the draw from " + args[0] + ": " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 2;
        }
        Verdict verdict = verify(record);
        out.printf(
                "opening %d: %d entries, %d places at the close, limit %d per student%s%n",
                record.sessionId(),
                record.entries().size(),
                record.places().values().stream().mapToInt(Integer::intValue).sum(),
                record.limit(),
                record.open() ? "" : " (closed: nobody wins)");
        out.printf("commitment SHA-256(secret) %s%n", verdict.commitmentHolds() ? "holds" : "DOES NOT HOLD");
        out.printf("entries' digest %s%n", verdict.digestHolds() ? "holds" : "DOES NOT HOLD");
        for (Winner winner : verdict.winners()) {
            out.printf("  %s -> slot %s%n", winner.id(), winner.slot());
        }
        out.printf(
                "%d winners, %s the published result%n",
                verdict.winners().size(), verdict.winnersMatch() ? "the same as" : "NOT the same as");
        return verdict.holds() ? 0 : 1;
    }

    private static Publication read(String where) throws IOException, InterruptedException {
        String text;
        if (where.startsWith("http://") || where.startsWith("https://")) {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(URI.create(where)).build(), HttpResponse.BodyHandlers.ofString());
            text = response.body();
        } else {
            text = Files.readString(Path.of(where));
        }
        com.alibaba.fastjson2.JSONObject json = JSON.parseObject(text);
        if (json == null) {
            throw new IllegalArgumentException("it holds no draw record (empty)");
        }
        if (json.containsKey("code") && json.containsKey("data")) { // the API's envelope
            if (json.getIntValue("code") != 200) {
                throw new IllegalArgumentException("the engine answered: " + json.getString("message"));
            }
            if (!(json.get("data") instanceof com.alibaba.fastjson2.JSONObject data)) {
                throw new IllegalArgumentException("the engine's answer holds no draw");
            }
            if (data.containsKey("commitment") && data.get("record") == null) {
                throw new IllegalArgumentException("opening " + data.getLong("sessionId")
                        + " is not drawn yet (its commitment: " + data.getString("commitment")
                        + "); verify it after its draw");
            }
            json = data.containsKey("record") ? data.getJSONObject("record") : data;
        }
        Publication record = json.to(Publication.class);
        if (record == null
                || record.secret() == null
                || record.places() == null
                || record.entries() == null
                || record.winners() == null) {
            throw new IllegalArgumentException("it is not a draw's record (a secret, places, entries and winners)");
        }
        return record;
    }
}
