package com.courtrush.reserve.recover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.audit.AuditTrail;
import com.courtrush.opening.OpeningService;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.LocalSoldOutFlags;
import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.share.Shares;
import com.courtrush.support.TestProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A place going back, alone: what the release script answered decides what this node does — a place
 * back on sale clears the node's sold-out flag and counts, one offered to a student waiting counts
 * but stays sold out for everyone else, nothing held changes nothing; the offer that followed is
 * always passed on. Recorded grants Redis had lost re-sync their opening, and a re-sync that fails
 * leaves the recording standing.
 */
class StockReleaserTest {

    static final long OPENING = 3;
    static final long SLOT = 11;
    static final long STUDENT = 7;

    final FakeScripts scripts = new FakeScripts();
    final OpeningService openings = mock(OpeningService.class);
    final RushSeries series = mock(RushSeries.class);
    final PlaceOffers offers = mock(PlaceOffers.class);
    SoldOutFlags soldOut;
    StockReleaser releaser;

    @BeforeEach
    void setUp() {
        soldOut = LocalSoldOutFlags.of(TestProperties.courtRush(Map.of()));
        when(offers.terms(OPENING, SLOT)).thenReturn(Optional.empty());
        releaser = new StockReleaser(scripts, soldOut, openings, series, offers, mock(Shares.class));
        soldOut.markSoldOut(SLOT, soldOut.ticket(SLOT), Set.of(STUDENT));
    }

    @Test
    void aPlaceBackOnSaleClearsTheSoldOutFlagAndCounts() {
        scripts.answer(ReleaseCall.Outcome.RELEASED, null);

        assertThat(releaser.release(OPENING, SLOT, STUDENT, null)).isTrue();

        assertThat(soldOut.isSoldOut(SLOT)).as("sold out on this node").isFalse();
        verify(series).released(OPENING);
        ReleaseCall sent = scripts.releases.get(0);
        assertThat(sent.onlyIfInFlight()).isFalse();
        assertThat(sent.terms()).as("no one waits: no terms").isEqualTo(PlaceOffers.Terms.NONE);
    }

    @Test
    void aPlaceOfferedToAStudentWaitingCountsButStaysSoldOutForEveryoneElse() {
        PlaceOffers.Terms terms = new PlaceOffers.Terms(600_000, 1_000_000, 2, 99, "0,60", "2,0,1");
        when(offers.terms(OPENING, SLOT)).thenReturn(Optional.of(terms));
        PlaceOffers.Move move = new PlaceOffers.Move(8L, 1_600_000, List.of());
        scripts.answer(ReleaseCall.Outcome.OFFERED, move);

        assertThat(releaser.release(OPENING, SLOT, STUDENT, null)).isTrue();

        assertThat(soldOut.isSoldOut(SLOT)).isTrue();
        verify(series).released(OPENING);
        verify(offers).followed(SLOT, move);
        assertThat(scripts.releases.get(0).terms()).isEqualTo(terms);
    }

    @Test
    void nothingHeldChangesNothing() {
        scripts.answer(ReleaseCall.Outcome.NOTHING_HELD, null);

        assertThat(releaser.release(OPENING, SLOT, STUDENT, null)).isFalse();

        assertThat(soldOut.isSoldOut(SLOT)).isTrue();
        verify(series, never()).released(anyLong());
    }

    @Test
    void aGrantGivenBackAgainGoesOnlyIfStillInFlight() {
        scripts.answer(ReleaseCall.Outcome.NOTHING_HELD, null);
        ReserveMessage grant = new ReserveMessage("t-1", STUDENT, SLOT, OPENING, 1L);

        assertThat(releaser.releaseAgain(grant)).isFalse();

        ReleaseCall sent = scripts.releases.get(0);
        assertThat(sent.onlyIfInFlight()).isTrue();
        assertThat(sent.grant()).isEqualTo(grant);
    }

    @Test
    void recordedGrantsRedisHadLostResyncTheirOpeningOnce() {
        ReserveMessage a = new ReserveMessage("t-a", STUDENT, SLOT, OPENING, 1L);
        ReserveMessage b = new ReserveMessage("t-b", 8, SLOT, OPENING, 1L);
        ReserveMessage other = new ReserveMessage("t-c", 9, 12, 4, 1L);
        scripts.unknown = List.of("t-b");

        releaser.recorded(List.of(a, b, other));

        assertThat(scripts.settles).as("one settle per opening").hasSize(2);
        verify(openings).resync(OPENING, AuditTrail.SYSTEM_CONSUMER);
        verify(openings).resync(4L, AuditTrail.SYSTEM_CONSUMER);
    }

    @Test
    void aForgottenGrantNeverResyncsAndAFailedResyncLeavesTheRecordingStanding() {
        scripts.unknown = List.of("t-a");
        ReserveMessage a = new ReserveMessage("t-a", STUDENT, SLOT, OPENING, 1L);

        releaser.forget(a);
        verify(openings, never()).resync(anyLong(), anyString());

        doThrow(new IllegalStateException("database away")).when(openings).resync(anyLong(), anyString());
        releaser.recorded(List.of(a)); // logged, not thrown
        verify(openings, times(1)).resync(OPENING, AuditTrail.SYSTEM_CONSUMER);
    }

    /** The release and settle scripts, answering what a test says and keeping what was sent. */
    static final class FakeScripts implements ReleaseScripts {
        final List<ReleaseCall> releases = new ArrayList<>();
        final List<SettleCall> settles = new ArrayList<>();
        ReleaseCall.Reply reply;
        List<String> unknown = List.of();

        void answer(ReleaseCall.Outcome outcome, PlaceOffers.Move move) {
            reply = new ReleaseCall.Reply(outcome, move);
        }

        @Override
        public ReleaseCall.Reply release(ReleaseCall call) {
            releases.add(call);
            return reply;
        }

        @Override
        public SettleCall.Reply settle(SettleCall call) {
            settles.add(call);
            return new SettleCall.Reply(call.justRecorded() ? unknown : List.of());
        }
    }
}
