package com.courtrush.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One call of the server's reserve script ({@code lua/reserve.lua}) as the seed comparison makes it, on keys of its
 * own under {@code prefix}: its keys by the names the script's header gives them ({@code KEYS[n]}), its arguments in
 * the header's order ({@code ARGV[n]}). The bench drives the server's jar as it is and does not link its classes, so it
 * cannot send the server's typed {@code ReserveCall}; {@link #checkAgainst} reads the header of the script it loaded
 * instead, and a script whose keys or arguments moved is refused rather than measured with the wrong ones.
 *
 * @param student the student, a new one each decision
 * @param slot    the slot wanted, also its place in the gym's day ({@link #place})
 * @param limit   the attempts a student may make a minute
 * @param expireAt epoch second at which the keys expire
 */
record ReserveScriptCall(String prefix, long student, int slot, int limit, long expireAt) {

    /** The keys in the script's order, as its header names them after the opening's tag. */
    static final List<String> KEY_NAMES = List.of(
            "rate:reserve:{userId}",
            "gate",
            "gate:time",
            "dedup:{slotId}",
            "quota",
            "sem:{slotId}",
            "reserve:pending:{traceId}",
            "reserve:inflight",
            "warm",
            "pass:{userId}",
            "draw",
            "draw:entries",
            "blocked",
            "share");

    /** How many arguments the script reads. */
    static final int ARGUMENTS = 15;

    private static final Pattern KEY = Pattern.compile("KEYS\\[(\\d+)] bf:\\{s:sessionId}:(\\S+)");
    private static final Pattern ARGUMENT = Pattern.compile("ARGV\\[(\\d+)]");

    /** A key of this call: its name with the student, slot and trace put in, under the prefix. */
    String key(String name) {
        return prefix
                + name.replace("{userId}", Long.toString(student))
                        .replace("{slotId}", Integer.toString(slot))
                        .replace("{traceId}", trace());
    }

    String trace() {
        return "t" + student;
    }

    List<Object> keys() {
        return new ArrayList<>(KEY_NAMES.stream().map(this::key).toList());
    }

    /** The arguments, as ARGV[1..15] of the header: a plain grant, no booking pass, no draw. */
    Object[] args() {
        return new Object[] {
            Long.toString(student),
            trace(),
            "2",
            Integer.toString(limit),
            "60000",
            student + ":" + slot + ":1",
            "300",
            trace() + "|" + student + "|" + slot + "|1",
            Long.toString(expireAt),
            "",
            "0",
            "0",
            Integer.toString(slot),
            place(slot),
            "1,0,1"
        };
    }

    /** A slot's place as the fair share reads it, "start,end" in minutes: slot s plays in hour s of the gym's day. */
    static String place(int slot) {
        long start = 20_000L * 1440 + slot * 60L;
        return start + "," + (start + 60);
    }

    /**
     * Refuses {@code source} (the script as the server's jar holds it) when its header names other keys, in another
     * order, or another number of arguments than this call sends.
     */
    static void checkAgainst(String source) {
        List<String> keys = new ArrayList<>();
        Matcher key = KEY.matcher(source);
        while (key.find()) {
            if (Integer.parseInt(key.group(1)) != keys.size() + 1) {
                throw new BenchException("reserve.lua's header skips to KEYS[" + key.group(1) + "]");
            }
            keys.add(key.group(2));
        }
        int arguments = 0;
        Matcher argument = ARGUMENT.matcher(source);
        while (argument.find()) {
            arguments = Math.max(arguments, Integer.parseInt(argument.group(1)));
        }
        if (!keys.equals(KEY_NAMES) || arguments != ARGUMENTS) {
            throw new BenchException("The server's reserve.lua takes keys " + keys + " and " + arguments
                    + " arguments; the seed comparison sends " + KEY_NAMES + " and " + ARGUMENTS
                    + ": bring ReserveScriptCall up to the script");
        }
    }
}
