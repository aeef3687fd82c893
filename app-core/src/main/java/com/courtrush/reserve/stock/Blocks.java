package com.courtrush.reserve.stock;

import com.courtrush.core.Blocked;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Students blocked by no-show strikes (SPEC §16), as the reserve script sees them: each opening keeps
 * its own copy in its hash slot ({@link RedisKeys#blocked}), so the check is part of the one reserve
 * call, also on Redis Cluster. The copy is made whole at the opening's warm-up and changed for one
 * student on each strike or forgiveness. The database ({@code user_account.blocked_until}) is the
 * last word: a copy missed here is made right by the next warm-up or re-sync.
 */
@Component
public class Blocks implements BlockCopies {

    private static final Logger log = LoggerFactory.getLogger(Blocks.class);

    private final RScript script;
    private final BlockedStudentMapper students;
    private final Clock clock;

    Blocks(RedissonClient redisson, BlockedStudentMapper students, Clock clock) {
        this.script = redisson.getScript();
        this.students = students;
        this.clock = clock;
    }

    /** The answer to a blocked student, from the epoch milliseconds a script answered ({@link Blocked#refusal}). */
    public static CourtRushException refusal(Instant until, ZoneId zone) {
        return Blocked.refusal(LocalDateTime.ofInstant(until, zone));
    }

    /**
     * The opening's whole copy, from the database: at its warm-up (and each re-sync). Read again after it
     * is written, and what changed in between applied: a strike or forgiveness committed while the copy
     * was made (its own write possibly overwritten by this one) is not lost.
     */
    public void copyInto(long sessionId, long expireAt) {
        Map<Long, LocalDateTime> before = blockedNow();
        List<BlockedCall.Line> lines = new ArrayList<>();
        before.forEach((user, until) -> lines.add(new BlockedCall.Line(user, epochMillis(until))));
        write(new BlockedCall(sessionId, true, expireAt, lines));
        Map<Long, LocalDateTime> after = blockedNow();
        if (after.equals(before)) {
            return;
        }
        List<BlockedCall.Line> changes = new ArrayList<>();
        before.keySet().stream()
                .filter(user -> !after.containsKey(user))
                .forEach(user -> changes.add(new BlockedCall.Line(user, 0)));
        after.forEach((user, until) -> changes.add(new BlockedCall.Line(user, epochMillis(until))));
        write(new BlockedCall(sessionId, false, expireAt, changes));
    }

    private Map<Long, LocalDateTime> blockedNow() {
        Map<Long, LocalDateTime> blocked = new LinkedHashMap<>();
        for (BlockedStudentMapper.BlockedStudent student : students.blockedAfter(LocalDateTime.now(clock))) {
            blocked.put(student.userId(), student.blockedUntil());
        }
        return blocked;
    }

    /**
     * One student's block changed ({@code until} null: not blocked any more): every opening Redis
     * holds or will hold soon is told. Call it after the change has committed.
     */
    public void changed(long userId, LocalDateTime until) {
        long ends = until == null ? 0 : epochMillis(until);
        LocalDate yesterday = LocalDate.now(clock).minusDays(1);
        for (BlockedStudentMapper.OpenOpening opening : students.openFrom(yesterday)) {
            try {
                write(new BlockedCall(
                        opening.id(),
                        false,
                        StockKeys.expireAt(opening.sessionDate(), clock.getZone()),
                        List.of(new BlockedCall.Line(userId, ends))));
            } catch (RuntimeException e) {
                log.error(
                        "Student {}'s block (until {}) could not be copied to opening {}; its next warm-up or "
                                + "re-sync copies it",
                        userId,
                        until,
                        opening.id(),
                        e);
            }
        }
    }

    private void write(BlockedCall call) {
        BlockedCall.SCRIPT.call(script, call);
    }

    private long epochMillis(LocalDateTime time) {
        return time.atZone(clock.getZone()).toInstant().toEpochMilli();
    }
}
