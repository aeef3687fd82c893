package com.courtrush.reserve.decide;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.ScriptPipeline;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.setting.AppSettings;
import com.courtrush.share.Shares;
import com.courtrush.share.api.SharePlace;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * Runs {@code lua/reserve.lua} ({@link ReserveCall}): the whole reserve decision in one script call, sent
 * with the decisions of the other request threads waiting at that moment (one round trip for all of them).
 */
@Component
public class ReserveScript implements PlaceDecider {

    private static final long WINDOW_MS = 60_000;

    private final ScriptPipeline<ReserveCall, Decision> reserve;
    private final CourtRushProperties properties;
    private final SlotCatalog catalog;
    private final AppSettings settings;
    private final Shares shares;

    ReserveScript(
            RedissonClient redisson,
            CourtRushProperties properties,
            SlotCatalog catalog,
            AppSettings settings,
            Shares shares) {
        this.reserve = new ScriptPipeline<>(
                redisson, ReserveCall.SCRIPT, properties.reserve().decisionDeadline());
        this.properties = properties;
        this.catalog = catalog;
        this.settings = settings;
        this.shares = shares;
    }

    /**
     * @param passRequired whether the opening asks for a booking pass
     * @param passHash     the hash of the pass presented; null for none
     * @param drawWindowMs the opening's fair-draw window, 0 for none
     * @param wanted       the slots of a draw entry in order of preference, the grant's first
     * @param answeredLate given what Redis decided if it did so after this call gave up (a 503)
     */
    public Decision decide(
            ReserveMessage grant,
            int perUserLimit,
            long expireAt,
            boolean passRequired,
            String passHash,
            int drawWindowMs,
            List<Long> wanted,
            Consumer<Decision> answeredLate) {
        return decide(
                grant,
                perUserLimit,
                properties.limits().perStudentPerMinute(),
                expireAt,
                passRequired,
                passHash,
                drawWindowMs,
                wanted,
                answeredLate);
    }

    /**
     * Staff at the desk book a place for a walk-in: the same decision — the student's block, one place per
     * slot, the opening's per-student limit, the stock — without the per-minute limit of a student's own
     * attempts, a booking pass or a draw (the gate of an opening staff closed still refuses).
     */
    public Decision decideAtDesk(
            ReserveMessage grant, int perUserLimit, long expireAt, Consumer<Decision> answeredLate) {
        return decide(grant, perUserLimit, 0, expireAt, false, null, 0, List.of(grant.slotId()), answeredLate);
    }

    private Decision decide(
            ReserveMessage grant,
            int perUserLimit,
            int attemptsPerWindow,
            long expireAt,
            boolean passRequired,
            String passHash,
            int drawWindowMs,
            List<Long> wanted,
            Consumer<Decision> answeredLate) {
        ReserveCall call = new ReserveCall(
                grant,
                perUserLimit,
                attemptsPerWindow,
                WINDOW_MS,
                properties.reserve().pendingTtl().toSeconds(),
                expireAt,
                passHash,
                passRequired,
                drawWindowMs,
                wanted,
                placeOf(grant).arg(),
                shares.rules().arg());
        return reserve.call(call, answeredLate);
    }

    /** When the grant's slot is played, for the fair share (SPEC §16). */
    private SharePlace placeOf(ReserveMessage grant) {
        SlotInfo slot = catalog.session(grant.sessionId())
                .map(opening -> opening.slot(grant.slotId()))
                .orElse(null);
        if (slot == null) {
            throw new IllegalArgumentException(
                    "Slot " + grant.slotId() + " is not one of opening " + grant.sessionId());
        }
        return SharePlace.of(slot.slotDate(), slot.startTime(), slot.endTime(), slot.sport());
    }

    /** What the script decided. */
    public enum Verdict {
        ACCEPTED,
        TOO_MANY_REQUESTS,
        UNGATED,
        DUP_REQ,
        QUOTA_EXCEEDED,
        OUT_OF_STOCK,
        COLD,
        PASS_REQUIRED,
        /** The student is blocked by no-show strikes; value = epoch ms at which the block ends. */
        BLOCKED,
        /** The place would take the student past their fair share: {@code rule}, and {@code holding} counts against it. */
        SHARE_USED,
        /** Entered the opening's fair draw; value = ms until its window closes. */
        ENTERED,
        /** The student's one entry is in the draw already: {@code entryTrace} is its trace. */
        ENTERED_ALREADY,
        /** The draw's window has closed and the draw is not made yet. */
        DRAWING
    }

    /**
     * @param value       see {@code reserve.lua}: permits left, ms to wait, places held
     * @param redisNowMs  the Redis clock when the script ran
     * @param holders     the students holding the slot, when the decision found it sold out (else empty)
     * @param entryTrace  for ENTERED_ALREADY, the trace of the student's entry; for SHARE_USED, the rule broken
     * @param holding     for SHARE_USED, the student's bookings that count against the rule ("key,slotId,start,end")
     */
    public record Decision(
            Verdict verdict, long value, long redisNowMs, Set<Long> holders, String entryTrace, List<String> holding) {

        public Decision(Verdict verdict, long value, long redisNowMs, Set<Long> holders, String entryTrace) {
            this(verdict, value, redisNowMs, holders, entryTrace, List.of());
        }
    }
}
