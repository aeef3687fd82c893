package com.courtrush.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.redisson.api.RedissonClient;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * SPEC §11 invariants of one opening, read straight from the database and Redis:
 * I1 no slot holds more active reservations than its capacity (and {@code booked} counts them);
 * I2 no student twice in a slot; I3 permits = capacity − active and dedup = the holders, with the
 * per-student counts matching, once nothing is in flight. The glossary: {@code docs/invariants.md}.
 */
public final class StockInvariants {

    private final JdbcTemplate jdbc;
    private final RedissonClient redisson;

    public StockInvariants(JdbcTemplate jdbc, RedissonClient redisson) {
        this.jdbc = jdbc;
        this.redisson = redisson;
    }

    record Slot(long id, int capacity, int booked, boolean active) {}

    record Holder(long slotId, long userId) {}

    /** Checks I1, I2 and I3; returns the number of active reservations. */
    public int assertHold(long sessionId) {
        List<Slot> slots = jdbc.query(
                "select id, capacity, booked, active from time_slot where session_id = ?",
                (rs, i) -> new Slot(rs.getLong(1), rs.getInt(2), rs.getInt(3), rs.getBoolean(4)),
                sessionId);
        List<Holder> holders = jdbc.query(
                "select slot_id, user_id from reservation where session_id = ? "
                        + "and status in ('PENDING_PAYMENT', 'CONFIRMED')",
                (rs, i) -> new Holder(rs.getLong(1), rs.getLong(2)),
                sessionId);

        // I2: no student twice in a slot
        assertThat(new HashSet<>(holders))
                .as("I2: a student holds a slot at most once")
                .hasSize(holders.size());

        Map<Long, Set<String>> bySlot = holders.stream()
                .collect(Collectors.groupingBy(
                        Holder::slotId, Collectors.mapping(h -> Long.toString(h.userId()), Collectors.toSet())));
        Map<String, Integer> perUser = new HashMap<>();
        holders.forEach(h -> perUser.merge(Long.toString(h.userId()), 1, Integer::sum));

        assertThat(redisson.<String>getScoredSortedSet(RedisKeys.inflight(sessionId))
                        .readAll())
                .as("nothing of opening %d still in flight", sessionId)
                .isEmpty();

        for (Slot slot : slots) {
            Set<String> holding = bySlot.getOrDefault(slot.id(), Set.of());
            // I1: never more active reservations than capacity; the guard counter agrees
            assertThat(holding.size())
                    .as("I1: active reservations of slot %d", slot.id())
                    .isLessThanOrEqualTo(slot.capacity());
            assertThat(slot.booked()).as("booked counter of slot %d", slot.id()).isEqualTo(holding.size());
            // I3: permits = capacity - active - offered to the waitlist (SPEC §16), dedup = holders
            String permits = (String) redisson.getBucket(RedisKeys.semaphore(sessionId, slot.id()))
                    .get();
            int offered = redisson.getMap(RedisKeys.offer(sessionId, slot.id())).size();
            assertThat(holding.size() + offered)
                    .as("I1 with offers: places held and offered of slot %d", slot.id())
                    .isLessThanOrEqualTo(slot.capacity());
            int expected = slot.active() ? slot.capacity() - holding.size() - offered : 0;
            assertThat(permits).as("I3: permits of slot %d", slot.id()).isEqualTo(Integer.toString(expected));
            assertThat(redisson.<String>getSet(RedisKeys.dedup(sessionId, slot.id()))
                            .readAll())
                    .as("I3: dedup set of slot %d", slot.id())
                    .isEqualTo(holding);
        }
        Map<String, Integer> quota = new HashMap<>();
        redisson.<String, String>getMap(RedisKeys.quota(sessionId))
                .readAllMap()
                .forEach((user, count) -> quota.put(user, Integer.parseInt(count)));
        assertThat(quota).as("per-student counts of opening %d", sessionId).isEqualTo(perUser);
        return holders.size();
    }
}
