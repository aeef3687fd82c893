package com.courtrush.reserve.decide;

import static com.courtrush.support.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.TokenService;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.pass.BookingPasses;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.OpeningRebuilds;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.LocalSoldOutFlags;
import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.share.ShareAnswers;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.courtrush.support.MovingClock;
import com.courtrush.support.TestProperties;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisTimeoutException;

/**
 * The fast path of {@code POST /reserve/} on fakes (SPEC §6): a place decided by the (fake) script and handed to
 * recording; each refusal the decision can give and what the student is told; a sold-out slot answered from this
 * node's memory without asking Redis, with alternatives; load shed before anything else; the catalog's checks; a
 * Redis that lost the opening; the fair draw's entry and draw; a broker's refusal; a grant Redis made too late.
 * The fair draw, the rebuild and the meters are Mockito stand-ins: FairDraw's insides are being made a typed
 * script call, and the others only count.
 */
class ReserveServiceTest {

    static final long SESSION = 6;
    static final long SLOT = 61;
    static final long NEAR = 62;
    static final long FAR = 63;
    static final LocalDate DAY = LocalDate.of(2026, 11, 26);
    static final String IP = "10.1.2.3";

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T02:00:00Z"));
    final Map<String, String> settings = new HashMap<>();
    final FakeStock stock =
            new FakeStock(clock).permits(SLOT, 2).permits(NEAR, 3).permits(FAR, 3);
    final FakeHandOff handOff = new FakeHandOff();
    final SlotCatalog catalog = mock(SlotCatalog.class);
    final FairDraw draws = mock(FairDraw.class);
    final OpeningRebuilds rebuilds = mock(OpeningRebuilds.class);
    final ReserveMetrics metrics = mock(ReserveMetrics.class);
    final RushSeries series = mock(RushSeries.class);
    final ReserveSession session = new ReserveSession();
    SoldOutFlags soldOut;
    ReserveService service;
    SessionCatalog opening;

    ReserveServiceTest() {
        session.setId(SESSION);
        session.setSessionDate(DAY);
        session.setFlashTime(LocalDateTime.of(2026, 11, 25, 9, 0));
        session.setWarmupLeadMinutes(10);
        session.setPerUserLimit(2);
        session.setState(SessionState.OPEN);
        session.setBookingPass(false);
        session.setDrawWindowMs(0);
        opening = new SessionCatalog(
                session,
                List.of(
                        slot(SLOT, 1, LocalTime.of(18, 0), true),
                        slot(NEAR, 2, LocalTime.of(18, 0), true),
                        slot(FAR, 1, LocalTime.of(20, 0), true),
                        slot(64, 1, LocalTime.of(19, 0), false)));
        when(catalog.session(SESSION)).thenReturn(Optional.of(opening));
        build();
    }

    static SlotInfo slot(long id, long court, LocalTime start, boolean active) {
        return new SlotInfo(id, SESSION, court, "Court " + court, DAY, start, start.plusHours(1), 4, 0, null, active);
    }

    void build() {
        CourtRushProperties properties = TestProperties.courtRush(settings);
        soldOut = LocalSoldOutFlags.of(properties);
        TokenService tokens = mock(TokenService.class);
        when(tokens.derivedKey(anyString())).thenReturn(new byte[32]);
        service = new ReserveService(
                catalog,
                new LoadShedder(properties),
                soldOut,
                stock,
                handOff,
                draws,
                new Alternatives(stock, soldOut, clock),
                rebuilds,
                new TraceIds(tokens),
                metrics,
                series,
                new ShareAnswers(catalog),
                properties,
                clock);
    }

    CompletableFuture<ReserveService.Accepted> reserve(long userId, long slotId) {
        return service.reserve(userId, SESSION, slotId, List.of(), IP, null);
    }

    CourtRushException refusedAt(long userId, long slotId, Outcome outcome, String key) {
        return refused(() -> reserve(userId, slotId), outcome, key);
    }

    @Test
    void aPlaceDecidedInRedisIsHandedToRecordingUnderItsTrace() throws Exception {
        ReserveService.Accepted accepted = reserve(1, SLOT).get();

        assertThat(accepted.status()).isEqualTo(ResultStatus.PENDING);
        assertThat(accepted.drawClosesInMs()).isNull();
        ReserveMessage grant = handOff.handed().get(0);
        assertThat(grant.traceId()).isEqualTo(accepted.traceId());
        assertThat(List.of(grant.userId(), grant.slotId(), grant.sessionId())).containsExactly(1L, SLOT, SESSION);
        assertThat(grant.time()).as("Redis's time of the grant").isEqualTo(clock.millis());
        assertThat(stock.calls().get(0).grant().traceId()).isEqualTo(accepted.traceId());
        assertThat(stock.calls().get(0).perUserLimit()).isEqualTo(2);
        assertThat(stock.permitsLeft(SLOT)).isEqualTo(1);
        verify(series).granted(SESSION, clock.millis());
        verify(metrics).request(eq(SESSION), eq(1L), eq(Outcome.SUCCESS), anyLong());
    }

    @Test
    void theAnswerWaitsForTheBrokersConfirm() {
        handOff.broker(FakeHandOff.Broker.WAITS);

        CompletableFuture<ReserveService.Accepted> answer = reserve(1, SLOT);

        assertThat(answer).isNotDone();
        handOff.confirmWaiting();
        assertThat(answer).isCompletedWithValueMatching(a -> a.status() == ResultStatus.PENDING);
    }

    @Test
    void aGrantTheBrokerRefusesFailsTheRequest() {
        handOff.broker(FakeHandOff.Broker.REFUSES);

        CompletableFuture<ReserveService.Accepted> answer = reserve(1, SLOT);

        assertThatThrownBy(answer::get)
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.FAILED));
        verify(metrics).request(eq(SESSION), eq(1L), eq(Outcome.FAILED), anyLong());
    }

    @Test
    void theLastPlaceTakenMarksTheSlotSoldOutAndTheCrowdIsAnsweredWithoutRedis() throws Exception {
        reserve(1, SLOT).get();
        reserve(2, SLOT).get();
        int asked = stock.calls().size();

        CourtRushException soldOutAnswer = refusedAt(3, SLOT, Outcome.OUT_OF_STOCK, "reserve.soldOutWithAlternatives");
        refusedAt(1, SLOT, Outcome.DUP_REQ, "reserve.duplicate");

        assertThat(stock.calls()).as("no call to Redis").hasSize(asked);
        assertThat(alternatives(soldOutAnswer))
                .extracting(Alternatives.Alternative::slotId)
                .containsExactly(NEAR, FAR);
        verify(metrics).soldOutLocally(SESSION);
        verify(metrics).request(eq(SESSION), eq(3L), eq(Outcome.OUT_OF_STOCK), anyLong());
    }

    @Test
    void aSoldOutSlotFoundByRedisIsRememberedUntilAPlaceIsReleased() {
        stock.permits(SLOT, 0);

        refusedAt(3, SLOT, Outcome.OUT_OF_STOCK, "reserve.soldOutWithAlternatives");
        refusedAt(4, SLOT, Outcome.OUT_OF_STOCK, "reserve.soldOutWithAlternatives");
        assertThat(stock.calls()).hasSize(1);

        stock.permits(SLOT, 1);
        soldOut.released(SLOT);
        assertThat(reserve(4, SLOT)).isCompleted();
        assertThat(stock.calls()).hasSize(2);
    }

    @Test
    void aSoldOutOpeningOffersNoAlternatives() {
        stock.permits(SLOT, 0).permits(NEAR, 0).permits(FAR, 0);

        assertThat(alternatives(refusedAt(3, SLOT, Outcome.OUT_OF_STOCK, "reserve.soldOut")))
                .isEmpty();
    }

    @SuppressWarnings("unchecked")
    static List<Alternatives.Alternative> alternatives(CourtRushException refusal) {
        return (List<Alternatives.Alternative>) ((Map<String, Object>) refusal.data()).get("alternatives");
    }

    @Test
    void eachRefusalOfTheDecisionIsToldAsItsOutcome() {
        stock.answerNext(ReserveScript.Verdict.TOO_MANY_REQUESTS, 12_300);
        assertThat(refusedAt(1, SLOT, Outcome.TOO_MANY_REQUESTS, "reserve.tooManyAttempts")
                        .retryAfter())
                .isEqualTo(Duration.ofMillis(12_300));

        stock.answerNext(ReserveScript.Verdict.UNGATED, 5_500);
        assertThat(refusedAt(1, SLOT, Outcome.UNGATED, "reserve.opensIn").data())
                .isEqualTo(Map.of("secondsToOpen", 6L));

        stock.answerNext(ReserveScript.Verdict.UNGATED, -1);
        refusedAt(1, SLOT, Outcome.UNGATED, "reserve.closed");

        stock.answerNext(ReserveScript.Verdict.PASS_REQUIRED, 0);
        refusedAt(1, SLOT, Outcome.PASS_REQUIRED, "reserve.passRequired");

        long until = LocalDateTime.of(2026, 12, 2, 18, 0)
                .atZone(clock.getZone())
                .toInstant()
                .toEpochMilli();
        stock.answerNext(ReserveScript.Verdict.BLOCKED, until);
        refusedAt(1, SLOT, Outcome.BLOCKED, "reserve.blocked");

        stock.answerNext(ReserveScript.Verdict.QUOTA_EXCEEDED, 2);
        refusedAt(1, SLOT, Outcome.QUOTA_EXCEEDED, "reserve.quota");

        stock.answerNext(ReserveScript.Verdict.ENTERED_ALREADY, 800);
        assertThat(refusedAt(1, SLOT, Outcome.DUP_REQ, "reserve.alreadyEntered").data())
                .isEqualTo(Map.of("traceId", "entry-trace", "drawClosesInMs", 800L));

        assertThat(handOff.handed()).isEmpty();
    }

    @Test
    void theFakeScriptsOwnRulesRefuseASecondPlaceAndAThirdSlot() throws Exception {
        reserve(1, SLOT).get();
        refusedAt(1, SLOT, Outcome.DUP_REQ, "reserve.duplicate");
        reserve(1, NEAR).get();

        refusedAt(1, FAR, Outcome.QUOTA_EXCEEDED, "reserve.quota");
        assertThat(handOff.handed()).hasSize(2);
    }

    @Test
    void aClosedGateSaysWhenItOpens() {
        stock.closeGate();

        assertThat(refusedAt(1, SLOT, Outcome.UNGATED, "reserve.opensIn").data())
                .isEqualTo(Map.of("secondsToOpen", 5L));
    }

    /**
     * Requests from {@code ip} one after the other, as fast as they come: how many were shed (each checked to be the
     * given refusal, with its Retry-After). The buckets refill in real time, so the test counts rather than expects
     * a given request to be shed.
     */
    int shedOf(int requests, String ip, String key) {
        int shed = 0;
        for (int i = 0; i < requests; i++) {
            try {
                service.reserve(100 + i, SESSION, i % 2 == 0 ? NEAR : FAR, List.of(), ip, null);
            } catch (CourtRushException e) {
                assertThat(e.outcome()).isEqualTo(Outcome.TOO_MANY_REQUESTS);
                assertThat(e.key()).isEqualTo(key);
                assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(1));
                shed++;
            }
        }
        return shed;
    }

    @Test
    void theNodesBucketShedsLoadBeforeRedis() {
        settings.put("courtrush.limits.node-per-second", "1");
        build();

        int shed = shedOf(5, IP, "reserve.nodeBusy");

        assertThat(shed).isPositive();
        assertThat(stock.calls()).as("a shed request never reaches Redis").hasSize(5 - shed);
    }

    @Test
    void anAddressesBucketShedsOnlyThatAddress() {
        settings.put("courtrush.limits.per-ip-enabled", "true");
        settings.put("courtrush.limits.per-ip-per-second", "1");
        build();

        int shed = shedOf(5, IP, "reserve.ipBusy");

        assertThat(shed).isPositive();
        assertThat(stock.calls()).hasSize(5 - shed);
        assertThat(service.reserve(3, SESSION, SLOT, List.of(), "10.9.9.9", null))
                .as("another address has its own bucket")
                .isCompleted();
    }

    @Test
    void whatTheCatalogRefusesNeverReachesRedis() {
        refused(() -> service.reserve(1, 99, SLOT, List.of(), IP, null), Outcome.PARAM_ERROR, "opening.notFound");
        refusedAt(1, 77, Outcome.PARAM_ERROR, "reserve.slotNotInOpening");
        refusedAt(1, 64, Outcome.PARAM_ERROR, "reserve.slotUnavailable");
        refused(
                () -> service.reserve(1, SESSION, SLOT, List.of(NEAR, FAR, 64L), IP, null),
                Outcome.PARAM_ERROR,
                "reserve.fallbacks");
        refused(
                () -> service.reserve(1, SESSION, SLOT, List.of(SLOT), IP, null),
                Outcome.PARAM_ERROR,
                "reserve.fallbacks");
        clock.move(Duration.ofDays(1).plusHours(8)); // 18:00 on the slot's day
        refusedAt(1, SLOT, Outcome.UNGATED, "reserve.started");

        assertThat(stock.calls()).isEmpty();
    }

    @Test
    void anOpeningRedisLostIsRebuiltAndTheStudentAskedToTryAgain() {
        stock.answerNext(ReserveScript.Verdict.COLD, 0);

        CourtRushException refusal = refusedAt(1, SLOT, Outcome.ERROR, "reserve.rebuilding");

        assertThat(refusal.retryAfter()).isEqualTo(OpeningRebuilds.RETRY_AFTER);
        verify(rebuilds).request(SESSION);
    }

    @Test
    void anOpeningNotWarmedYetSaysWhenItOpensAndIsNotRebuilt() {
        session.setState(SessionState.SCHEDULED);
        session.setFlashTime(LocalDateTime.now(clock).plusSeconds(90));
        stock.answerNext(ReserveScript.Verdict.COLD, 0);

        assertThat(refusedAt(1, SLOT, Outcome.UNGATED, "reserve.opensIn").data())
                .isEqualTo(Map.of("secondsToOpen", 90L));

        session.setState(SessionState.CLOSED);
        stock.answerNext(ReserveScript.Verdict.COLD, 0);
        refusedAt(1, SLOT, Outcome.UNGATED, "reserve.closed");
        verify(rebuilds, never()).request(anyLong());
    }

    @Test
    void anEntryInAFairDrawIsAnsweredWithItsWindowAndTimedToClose() throws Exception {
        session.setDrawWindowMs(3_000);
        stock.answerNext(ReserveScript.Verdict.ENTERED, 2_400);

        ReserveService.Accepted entered =
                service.reserve(1, SESSION, SLOT, List.of(NEAR), IP, null).get();

        assertThat(entered.drawClosesInMs()).isEqualTo(2_400);
        assertThat(stock.calls().get(0).wanted()).containsExactly(SLOT, NEAR);
        verify(draws).expectClose(SESSION, 2_400);
        verify(metrics).entered(eq(SESSION), eq(1L), anyLong());
        assertThat(handOff.handed()).isEmpty();
    }

    @Test
    void aRequestThatFindsTheWindowClosedHasTheDrawMadeAndIsDecidedAfterIt() throws Exception {
        session.setDrawWindowMs(3_000);
        stock.answerNext(ReserveScript.Verdict.DRAWING, 0);

        reserve(1, SLOT).get();

        verify(draws).draw(opening);
        assertThat(stock.calls()).hasSize(2);
        assertThat(handOff.handed()).hasSize(1);

        stock.answerNext(ReserveScript.Verdict.DRAWING, 0);
        stock.answerNext(ReserveScript.Verdict.DRAWING, 0);
        assertThat(refusedAt(2, SLOT, Outcome.ERROR, "reserve.drawing").retryAfter())
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aBookingPassIsSentHashed() {
        session.setBookingPass(true);

        service.reserve(1, SESSION, SLOT, List.of(), IP, "  abc123  ");
        service.reserve(2, SESSION, NEAR, List.of(), IP, null);

        assertThat(stock.calls().get(0).passRequired()).isTrue();
        assertThat(stock.calls().get(0).passHash()).isEqualTo(BookingPasses.hash("abc123"));
        assertThat(stock.calls().get(1).passHash()).isNull();
    }

    @Test
    void aPlaceRedisGrantedAfterTheRequestGaveUpIsGivenBackNotPublished() {
        stock.answerTooLate();

        assertThatThrownBy(() -> reserve(1, SLOT)).isInstanceOf(RedisTimeoutException.class);
        assertThat(handOff.tooLate())
                .as("nothing is handed back before Redis's answer arrives")
                .isEmpty();
        stock.lateAnswerArrives();

        assertThat(handOff.handed()).isEmpty();
        assertThat(handOff.tooLate()).hasSize(1);
        assertThat(handOff.tooLate().get(0).traceId())
                .isEqualTo(stock.calls().get(0).grant().traceId());
        verify(metrics).request(eq(SESSION), eq(1L), eq(Outcome.ERROR), anyLong());
    }
}
