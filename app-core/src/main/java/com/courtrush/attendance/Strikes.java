package com.courtrush.attendance;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.api.Strike;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.Blocked;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.notice.Notices;
import com.courtrush.reserve.stock.BlockCopies;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.SettingsChanged;
import com.courtrush.setting.api.SettingKey;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * No-show strikes and the blocks they make (SPEC §16): {@code STRIKES_TO_BLOCK} strikes not forgiven
 * within {@code STRIKE_WINDOW_DAYS} block the student for {@code BLOCK_DAYS} from the latest of them.
 * The block is kept on the student's account, recomputed on each strike and forgiveness in the same
 * transaction, and copied to the openings' Redis copies after it commits ({@link BlockCopies}, by {@code Blocks}).
 */
@Service
public class Strikes {

    static final AuditTarget AUDIT_TARGET = AuditTarget.USER;

    private static final Logger log = LoggerFactory.getLogger(Strikes.class);

    private final AttendanceMapper attendance;
    private final AppSettings settings;
    private final BlockCopies blocks;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Notices notices;
    private final Clock clock;

    Strikes(
            AttendanceMapper attendance,
            AppSettings settings,
            BlockCopies blocks,
            TransactionTemplate transactions,
            AuditTrail audit,
            Notices notices,
            Clock clock) {
        this.attendance = attendance;
        this.settings = settings;
        this.blocks = blocks;
        this.transactions = transactions;
        this.audit = audit;
        this.notices = notices;
        this.clock = clock;
    }

    /** Strikes a student for a no-show, in the caller's transaction; returns the block that follows (null: none). */
    LocalDateTime strike(long userId, long reservationId, LocalDateTime now) {
        attendance.strike(userId, reservationId, now);
        return reblock(userId, now);
    }

    /** A manager forgives a strike, with a reason; the student's block is recomputed at once. */
    public StrikeStanding forgive(long strikeId, String reason, Caller manager) {
        String why = Texts.requirePlain(reason == null ? null : reason.strip(), "reason");
        if (why == null || why.isEmpty() || why.length() > 255) {
            throw CourtRushException.badRequest("strike.reason");
        }
        Long userId = transactions.execute(tx -> {
            Long owner = attendance.lockStrike(strikeId);
            if (owner == null) {
                throw CourtRushException.notFound("strike.notFound", strikeId);
            }
            LocalDateTime now = LocalDateTime.now(clock);
            if (attendance.forgive(strikeId, manager.actor(), why, now) != 1) {
                throw CourtRushException.conflict("strike.alreadyForgiven", strikeId);
            }
            reblock(owner, now);
            return owner;
        });
        audit.record(
                manager.actor(),
                AuditAction.FORGIVE_STRIKE,
                AuditTarget.STRIKE,
                strikeId,
                new EngineText("audit.strikeForgiven", why));
        return standing(userId);
    }

    /**
     * A manager changed how strikes block (how many, over how many days, for how long): every student's block is
     * recomputed at once under the new rules — one who already has the strikes that now block is blocked (and
     * told), one whose block the new rules lift is free — not at their next strike.
     */
    @EventListener
    void rulesChanged(SettingsChanged changed) {
        if (changed.anyOf(SettingKey.STRIKES_TO_BLOCK, SettingKey.STRIKE_WINDOW_DAYS, SettingKey.BLOCK_DAYS)) {
            reblockEveryone();
        }
    }

    /**
     * Recomputes every block the strike rules decide, one student at a time (one who cannot be is logged and the
     * rest go on); how many changed. A student newly blocked, or blocked for longer, is told.
     */
    int reblockEveryone() {
        LocalDateTime now = LocalDateTime.now(clock);
        int changed = 0;
        int failed = 0;
        for (long userId : attendance.striking(rule().relevantSince(now), now)) {
            try {
                if (Boolean.TRUE.equals(transactions.execute(tx -> reblockAndTell(userId, now)))) {
                    changed++;
                }
            } catch (RuntimeException e) {
                failed++;
                log.error("Student {}'s block could not be recomputed under the new strike rules", userId, e);
            }
        }
        log.info(
                "The strike rules changed: {} student(s)' blocks recomputed under them{}",
                changed,
                failed == 0 ? "" : "; " + failed + " could not be (see above), their next strike recomputes them");
        return changed;
    }

    private boolean reblockAndTell(long userId, LocalDateTime now) {
        LocalDateTime before = attendance.blockedUntil(userId);
        LocalDateTime effective = before != null && before.isAfter(now) ? before : null;
        LocalDateTime until = reblock(userId, now);
        if (until != null && !until.equals(effective)) {
            Long strike = attendance.latestStrike(userId);
            if (strike != null) {
                notices.blocked(userId, strike, until);
            }
        }
        return !Objects.equals(effective, until);
    }

    /** Where a student stands: blocked until when (null: not), and every strike, newest first. */
    public StrikeStanding standing(long userId) {
        LocalDateTime until = attendance.blockedUntil(userId);
        LocalDateTime now = LocalDateTime.now(clock);
        List<Strike> all = attendance.strikes(userId);
        LocalDateTime windowStart = now.minusDays(settings.getPositiveInt(SettingKey.STRIKE_WINDOW_DAYS));
        long counting = all.stream()
                .filter(s -> !s.forgiven() && s.struckTime().isAfter(windowStart))
                .count();
        return new StrikeStanding(
                until != null && until.isAfter(now) ? until : null,
                until != null && until.isAfter(now) ? Blocked.REASON : null,
                (int) counting,
                settings.getPositiveInt(SettingKey.STRIKES_TO_BLOCK),
                settings.getPositiveInt(SettingKey.STRIKE_WINDOW_DAYS),
                all);
    }

    /** The student's account id; 404 for an id that is no student's. */
    public long studentNamed(String studentId) {
        Long id = studentId == null ? null : attendance.studentNamed(studentId.strip());
        if (id == null) {
            throw CourtRushException.notFound("student.notFound", studentId);
        }
        return id;
    }

    /**
     * Recomputes the block under the rules now set, the student's row taken first (a strike, a forgiveness and a
     * rule change recompute one at a time); when it changed, the openings' copies follow after commit, with what
     * the database holds then.
     */
    private LocalDateTime reblock(long userId, LocalDateTime now) {
        attendance.lockAccount(userId);
        BlockRule rule = rule();
        LocalDateTime until = rule.until(attendance.standingStrikes(userId, rule.relevantSince(now)));
        if (until != null && !until.isAfter(now)) {
            until = null;
        }
        LocalDateTime before = attendance.blockedUntil(userId);
        if (Objects.equals(before, until)) {
            return until;
        }
        attendance.block(userId, until, now);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                // read again: of two changes committed one after the other, the copies get the last
                blocks.changed(userId, attendance.blockedUntil(userId));
            }
        });
        return until;
    }

    private BlockRule rule() {
        return new BlockRule(
                settings.getPositiveInt(SettingKey.STRIKES_TO_BLOCK),
                settings.getPositiveInt(SettingKey.STRIKE_WINDOW_DAYS),
                settings.getInt(SettingKey.BLOCK_DAYS, 0));
    }
}
