package com.courtrush.attendance;

import static com.courtrush.support.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.attendance.api.Strike;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.Blocked;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.notice.Notices;
import com.courtrush.setting.FakeSettings;
import com.courtrush.setting.SettingsChanged;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.MovingClock;
import com.courtrush.support.fakes.FakeReservations;
import com.courtrush.support.fakes.FakeSlots;
import com.courtrush.support.fakes.FakeTransactions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No-show strikes on fakes (SPEC §16): three within 30 days block for 7 days from the latest, the openings' copies
 * told only after the commit; a manager's forgiveness lifts the block at once; a change of the rules recomputes
 * every block; and what a forgiveness refuses.
 */
class StrikesTest {

    static final long STUDENT = 9;

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T02:00:00Z"));
    final FakeReservations reservations = new FakeReservations();
    final FakeAttendance attendance = new FakeAttendance(reservations, new FakeSlots()).student(STUDENT, "2026009");
    final FakeTransactions transactions = new FakeTransactions(attendance);
    final FakeSettings settings = new FakeSettings();
    final FakeBlockCopies copies = new FakeBlockCopies();
    final AuditTrail audit = mock(AuditTrail.class);
    final Notices notices = mock(Notices.class);
    final Strikes strikes = new Strikes(attendance, settings, copies, transactions.template(), audit, notices, clock);
    final Caller manager = new Caller(901L, "m901", Role.MANAGER, null, null);

    LocalDateTime now() {
        return LocalDateTime.now(clock);
    }

    /** A no-show of the student's booking, struck now, in a transaction of its own; the block that follows. */
    LocalDateTime noShow(long reservationId) {
        return transactions.inTransaction(() -> strikes.strike(STUDENT, reservationId, now()));
    }

    @Test
    void theThirdStrikeWithinTheWindowBlocksForSevenDaysFromIt() {
        assertThat(noShow(1)).isNull();
        clock.move(Duration.ofDays(10));
        assertThat(noShow(2)).isNull();
        clock.move(Duration.ofDays(10));
        assertThat(copies.told()).isEmpty();

        LocalDateTime until = noShow(3);

        assertThat(until).isEqualTo(now().plusDays(7));
        assertThat(copies.told()).containsExactly(new FakeBlockCopies.Told(STUDENT, until));
        StrikeStanding standing = strikes.standing(STUDENT);
        assertThat(standing.blockedUntil()).isEqualTo(until);
        assertThat(standing.reason()).isEqualTo(Blocked.REASON);
        assertThat(standing.counting()).isEqualTo(3);
        assertThat(standing.strikesToBlock()).isEqualTo(3);
    }

    @Test
    void theOpeningsAreToldOfABlockOnlyOnceItIsCommitted() {
        noShow(1);
        noShow(2);

        transactions.inTransaction(() -> {
            assertThat(strikes.strike(STUDENT, 3, now())).isNotNull();
            assertThat(copies.told()).as("not before the commit").isEmpty();
            return null;
        });
        assertThat(copies.told()).hasSize(1);

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
                    strikes.strike(STUDENT + 1, 4, now());
                    strikes.strike(STUDENT + 1, 5, now());
                    strikes.strike(STUDENT + 1, 6, now());
                    throw new IllegalStateException("the no-show sweep's transaction failed");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(attendance.blockedUntil(STUDENT + 1)).isNull();
        assertThat(copies.told()).as("nothing told of a rolled-back block").hasSize(1);
    }

    @Test
    void strikesFurtherApartThanTheWindowDoNotBlock() {
        noShow(1);
        clock.move(Duration.ofDays(16));
        noShow(2);
        clock.move(Duration.ofDays(16));

        assertThat(noShow(3)).isNull();
        assertThat(strikes.standing(STUDENT).counting()).isEqualTo(2);
        assertThat(copies.told()).isEmpty();
    }

    @Test
    void aForgivenStrikeLiftsTheBlockAtOnce() {
        noShow(1);
        noShow(2);
        LocalDateTime until = noShow(3);
        long strike = strikes.standing(STUDENT).strikes().get(0).id();

        StrikeStanding after = strikes.forgive(strike, " doctor's note ", manager);

        assertThat(after.blockedUntil()).isNull();
        assertThat(after.reason()).isNull();
        assertThat(after.counting()).isEqualTo(2);
        assertThat(after.strikes()).filteredOn(Strike::forgiven).hasSize(1);
        assertThat(copies.told())
                .containsExactly(new FakeBlockCopies.Told(STUDENT, until), new FakeBlockCopies.Told(STUDENT, null));
        verify(audit)
                .record(
                        eq("staff:m901"),
                        eq(AuditAction.FORGIVE_STRIKE),
                        eq(AuditTarget.STRIKE),
                        eq(strike),
                        any(EngineText.class));
    }

    @Test
    void aForgivenessHasAReasonAndComesOnceForAStrikeThatExists() {
        // who may forgive is the desk's (AttendanceDesk.forgive is @ManagerOnly; DeskGuardTest walks it)
        noShow(1);
        long strike = strikes.standing(STUDENT).strikes().get(0).id();

        refused(() -> strikes.forgive(strike, "  ", manager), Outcome.PARAM_ERROR, "strike.reason");
        refused(() -> strikes.forgive(strike, "r".repeat(256), manager), Outcome.PARAM_ERROR, "strike.reason");
        refused(() -> strikes.forgive(99, "ok", manager), Outcome.NOT_FOUND, "strike.notFound");
        assertThat(strikes.standing(STUDENT).counting()).isEqualTo(1);

        strikes.forgive(strike, "ok", manager);
        refused(() -> strikes.forgive(strike, "again", manager), Outcome.FAILED, "strike.alreadyForgiven");
    }

    @Test
    void aBlockEndsOnItsOwn() {
        noShow(1);
        noShow(2);
        noShow(3);

        clock.move(Duration.ofDays(7));

        assertThat(strikes.standing(STUDENT).blockedUntil()).isNull();
    }

    @Test
    void strictlierRulesBlockAtOnceAndTellTheStudent() {
        noShow(1);
        clock.move(Duration.ofDays(1));
        noShow(2);
        settings.with(SettingKey.STRIKES_TO_BLOCK, "2");

        strikes.rulesChanged(new SettingsChanged(Set.of(SettingKey.STRIKES_TO_BLOCK)));

        LocalDateTime until = now().plusDays(7);
        assertThat(attendance.blockedUntil(STUDENT)).isEqualTo(until);
        assertThat(copies.told()).containsExactly(new FakeBlockCopies.Told(STUDENT, until));
        verify(notices).blocked(STUDENT, 2L, until);
    }

    @Test
    void aChangeOfAnotherSettingRecomputesNoBlock() {
        noShow(1);
        noShow(2);
        settings.with(SettingKey.STRIKES_TO_BLOCK, "2");

        strikes.rulesChanged(new SettingsChanged(Set.of(SettingKey.PAY_TIMEOUT_MINUTE)));

        assertThat(attendance.blockedUntil(STUDENT)).isNull();
        verify(notices, never()).blocked(anyLong(), anyLong(), any());
    }

    @Test
    void noBlockDaysMeansNoBlock() {
        settings.with(SettingKey.BLOCK_DAYS, "0");
        noShow(1);
        noShow(2);

        assertThat(noShow(3)).isNull();
        assertThat(copies.told()).isEmpty();
    }

    @Test
    void aStudentIsFoundByTheirStudentId() {
        assertThat(strikes.studentNamed(" 2026009 ")).isEqualTo(STUDENT);
        refused(() -> strikes.studentNamed("nobody"), Outcome.NOT_FOUND, "student.notFound");
    }
}
