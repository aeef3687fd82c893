package com.courtrush.reserve.recover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import com.courtrush.audit.AuditTrail;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.core.Rehearsal;
import com.courtrush.opening.OpeningService;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.pass.BookingPasses;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.statistics.ReserveMetrics;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentMatchers;
import org.mockito.InOrder;
import org.mockito.Mockito;

/**
 * How a grant that will never be recorded is given back. A grant of the rehearsal that will never be recorded — answered too late, refused by the broker, dead-lettered,
 * refused by the database — is given back in Redis alone (issue 70): never a tombstone row for a slot no table has
 * ("NULL not allowed for column slot_date", 36 times in one log), an audit entry, a meter, a re-sync, nor a dialog at
 * the desk.
 */
class TraceCompensatorTest {

    final ReservationMapper reservations = mock(ReservationMapper.class);
    final StockReleaser releaser = mock(StockReleaser.class);
    final OpeningService openings = mock(OpeningService.class);
    final AuditTrail audit = mock(AuditTrail.class);
    final ReserveMetrics metrics = mock(ReserveMetrics.class);
    final BookingPasses passes = mock(BookingPasses.class);
    final TraceCompensator compensator = new TraceCompensator(reservations, releaser, openings, audit, metrics, passes);

    final ReserveMessage rehearsed = new ReserveMessage(
            "r-1", Rehearsal.FIRST_ID + 7, Rehearsal.FIRST_ID + 3, Rehearsal.FIRST_ID + 1, System.currentTimeMillis());

    @Test
    void aRehearsalsGrantAnsweredTooLateGoesBackInRedisAndNowhereElse() {
        assertThat(compensator.compensate(
                        rehearsed, new EngineText("compensate.answeredTooLate"), AuditTrail.SYSTEM_PUBLISHER))
                .as("nothing claimed in the database")
                .isFalse();
        verify(releaser).releaseRehearsal(rehearsed);
        verifyNoInteractions(reservations, audit, metrics, passes, openings);
    }

    /**
     * A real grant the database refused ends FAILED only once Redis has it as the database does: the trace's pending
     * record goes, the opening is re-synced, and only then is the tombstone that reads as FAILED written (a student,
     * or a test, who read FAILED then found the slot's permits one short, CI of 2026-11-28).
     */
    @Test
    void aGrantTheDatabaseRefusedReadsFailedOnlyAfterTheResync() {
        ReserveMessage grant = new ReserveMessage("t-1", 7, 3, 1, System.currentTimeMillis());
        compensator.refusedByDatabase(grant, Outcome.OUT_OF_STOCK, new EngineText("compensate.slotFull"));
        InOrder order = Mockito.inOrder(releaser, openings, reservations, audit);
        order.verify(releaser).forget(grant);
        order.verify(openings).resync(1, AuditTrail.SYSTEM_CONSUMER);
        order.verify(reservations)
                .insert(ArgumentMatchers.<Reservation>argThat(
                        row -> "t-1".equals(row.getTraceId()) && "OUT_OF_STOCK".equals(row.getRefusal())));
        order.verify(audit).record(any(), any(), any(), any(), any(EngineText.class));
    }

    @Test
    void aRehearsalsGrantTheDatabaseRefusedIsNotResyncedNorAudited() {
        compensator.refusedByDatabase(rehearsed, null, new EngineText("compensate.answeredTooLate"));
        verify(releaser).releaseRehearsal(rehearsed);
        verifyNoInteractions(reservations, audit, metrics, passes, openings);
    }
}
