package com.courtrush.desktop.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.core.Outcome;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.RushDraw;
import com.courtrush.monitor.api.RushSecond;
import com.courtrush.monitor.api.RushSummary;
import com.courtrush.monitor.api.RushTimeline;
import com.courtrush.monitor.api.SlotStock;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.SessionState;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.reserve.api.ReserveTotals;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisConnectionException;

class LiveRushViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);

    static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
    /** 13:00:00 on TODAY, the opening time of the histories below. */
    static final long OPENS_AT_MS = TODAY.atTime(13, 0).atZone(ZONE).toInstant().toEpochMilli();

    static final long OPENS_AT = OPENS_AT_MS / 1000;
    static final RushSummary NOTHING = new RushSummary(null, 0, 0, 0, Map.of(), null, null, 0, 0, null, Map.of());

    final MonitorDesk monitor = mock(MonitorDesk.class);
    final OpeningDesk openings = mock(OpeningDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final LiveRushViewModel model = newModel(I18n.ENGLISH);

    /**
     * Choosing an opening refreshes at once, from the choice's listener: a mock's null rush failed there, on no test's
     * thread, and was reported by whichever toolkit test came next. A quiet rush unless a test says otherwise.
     */
    @BeforeEach
    void aQuietRushUnlessATestSaysOtherwise() {
        when(monitor.rush(anyLong())).thenReturn(rush(0, true, null, 0, totals(0, 0, 0)));
        when(monitor.history(anyLong())).thenReturn(history(List.of(), NOTHING));
    }

    LiveRushViewModel newModel(Locale language) {
        return new LiveRushViewModel(
                monitor,
                openings,
                new DirectUiTasks(notices),
                I18n.of(language),
                Clock.fixed(TODAY.atTime(12, 0).atZone(ZONE).toInstant(), ZONE));
    }

    static RushSecond second(long fromOpening, long grants, Map<Outcome, Long> refusals) {
        long attempts =
                grants + refusals.values().stream().mapToLong(Long::longValue).sum();
        return new RushSecond(
                OPENS_AT + fromOpening, attempts, grants, refusals, null, 0, 0, 0, 0, -1, 0, 0, 0, Map.of());
    }

    static RushTimeline history(List<RushSecond> seconds, RushSummary summary) {
        return new RushTimeline(1, OPENS_AT_MS, seconds, summary);
    }

    static ReserveTotals totals(long granted, long outOfStock, long ungated) {
        Map<Outcome, Long> requests = new EnumMap<>(Outcome.class);
        requests.put(Outcome.SUCCESS, granted);
        requests.put(Outcome.OUT_OF_STOCK, outOfStock);
        requests.put(Outcome.UNGATED, ungated);
        return new ReserveTotals(requests, granted, 0, 0, granted, granted, 0, 0);
    }

    static LiveRush rush(long at, boolean open, Long secondsToOpen, Integer permits, ReserveTotals t) {
        return new LiveRush(
                1,
                SessionState.OPEN,
                true,
                open,
                null,
                secondsToOpen,
                at,
                List.of(
                        new SlotStock(10, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 3, permits, 3 - permits, true),
                        new SlotStock(11, "A", LocalTime.of(9, 0), LocalTime.of(10, 0), 1, 0, 1, true)),
                t);
    }

    @Test
    void stockPerSlotAndTotalsAreShown() {
        model.apply(rush(1_000, true, null, 2, totals(0, 0, 0)));
        assertThat(model.slots()).hasSize(2);
        assertThat(model.slots().get(0).permitsLeft()).isEqualTo(2);
        assertThat(model.slots().get(1).soldOut()).isTrue();
        assertThat(model.permitsLeftProperty().get()).isEqualTo(2);
        assertThat(model.capacityProperty().get()).isEqualTo(4);
        assertThat(model.gateProperty().get()).isEqualTo("OPEN");
    }

    @Test
    void theCountdownIsShownBeforeTheGateOpens() {
        model.apply(rush(1_000, false, 3725L, 3, totals(0, 0, 0)));
        assertThat(model.gateProperty().get()).isEqualTo("Opens in 01:02:05");
    }

    @Test
    void theChartsCountSecondsFromTheOpeningTimeAndAQuietSecondIsZero() {
        model.apply(history(
                List.of(second(0, 3, Map.of(Outcome.OUT_OF_STOCK, 7L)), second(2, 0, Map.of(Outcome.OUT_OF_STOCK, 5L))),
                NOTHING));

        assertThat(model.rates()).extracting(RatePoint::second).containsExactly(-5L, -4L, -3L, -2L, -1L, 0L, 1L, 2L);
        RatePoint opening = model.rates().get(5);
        assertThat(opening.attempts()).isEqualTo(10.0);
        assertThat(opening.accepted()).isEqualTo(3.0);
        assertThat(opening.rejects()).containsEntry(Outcome.OUT_OF_STOCK, 7.0);
        assertThat(model.rates().get(6).attempts()).isZero();
        assertThat(model.timeAxisProperty().get()).isEqualTo("Seconds from the opening time (13:00:00)");
    }

    @Test
    void theChartsShowFiveMinutesFromJustBeforeTheRushBegan() {
        List<RushSecond> seconds = new ArrayList<>();
        seconds.add(second(-4000, 0, Map.of(Outcome.UNGATED, 1L))); // an hour early: not the rush
        seconds.add(second(-299, 0, Map.of(Outcome.UNGATED, 1L))); // minutes early: not the rush either
        for (int s = -2; s <= 400; s++) {
            seconds.add(second(s, 0, Map.of(Outcome.UNGATED, 1L)));
        }
        model.apply(history(seconds, NOTHING));

        assertThat(model.rates()).hasSize(LiveRushViewModel.CHART_SECONDS + 1);
        assertThat(model.rates().get(0).second()).isEqualTo(-2 - LiveRushViewModel.LEAD_SECONDS);
    }

    @Test
    void onlyTheReasonsThatCameAreChartedAndTheSummarySaysWhatTheRushCameTo() {
        Map<Outcome, Long> refusals = new EnumMap<>(Outcome.class);
        refusals.put(Outcome.OUT_OF_STOCK, 1100L);
        refusals.put(Outcome.PARAM_ERROR, 1L); // a one-off: in the legend and the summary all the same
        refusals.put(Outcome.DUP_REQ, 50L);
        model.apply(history(
                List.of(second(0, 40, refusals)),
                new RushSummary(412L, 1191, 456, 40, refusals, 137L, 531L, 3, 2, null, Map.of())));

        assertThat(model.reasons()).containsExactly(Outcome.DUP_REQ, Outcome.OUT_OF_STOCK, Outcome.PARAM_ERROR);
        assertThat(model.summaryProperty().get())
                .isEqualTo("Sold out 0.412 s after the opening time"
                        + " · attempts: 1191 from 456 students; places granted: 40"
                        + " · refused: Duplicate 50, Sold out 1100, Bad request 1"
                        + " · recorded 137 ms after the grant on average (at most 531 ms)"
                        + " · places given back later: 3 (payment timeouts: 2)");
    }

    @Test
    void fairShareRefusalsAreChartedAndCountedByTheRuleBroken() {
        Map<Outcome, Long> refusals = new EnumMap<>(Outcome.class);
        refusals.put(Outcome.SHARE_USED, 12L);
        refusals.put(Outcome.OUT_OF_STOCK, 30L);
        model.apply(history(
                List.of(second(0, 8, refusals)),
                new RushSummary(
                        500L,
                        50,
                        40,
                        8,
                        refusals,
                        null,
                        null,
                        0,
                        0,
                        null,
                        new java.util.TreeMap<>(Map.of("SAME_TIME", 8L, "DAY", 3L, "WEEK", 1L)))));

        assertThat(model.reasons()).containsExactly(Outcome.SHARE_USED, Outcome.OUT_OF_STOCK);
        assertThat(model.summaryProperty().get())
                .contains("refused: Past fair share 12 (day 3, same time 8, week 1), Sold out 30");
    }

    @Test
    void theSummarySaysWhatTheFairDrawCameTo() {
        RushDraw drawn =
                new RushDraw(1000, true, 812, 300, 0, 4L, "3f786850e387550fdab836ed7e6dc881de23001b", "node-a");
        // the entries in the opening's second, the drawn places in the next: both on the chart
        RushSecond entries = new RushSecond(OPENS_AT, 812, 0, Map.of(), null, 0, 0, 0, 0, -1, 0, 812, 0, Map.of());
        RushSecond places = new RushSecond(OPENS_AT + 1, 0, 300, Map.of(), null, 0, 0, 0, 0, -1, 0, 0, 300, Map.of());
        model.apply(history(
                List.of(entries, places),
                new RushSummary(1004L, 812, 812, 300, Map.of(), 40L, 90L, 0, 0, drawn, Map.of())));
        assertThat(model.rates()).extracting(RatePoint::accepted).contains(300.0);
        assertThat(model.summaryProperty().get())
                .contains("fair draw: 812 entered in the first 1000 ms; 300 drawn, "
                        + "512 not drawn; drawn 4 ms after the window closed (entries digest 3f786850e387…; the record to re-run it: "
                        + "GET /draws/<opening>)");

        RushDraw waiting = new RushDraw(1000, false, 0, 0, 0, null, null, null);
        model.apply(history(
                List.of(second(0, 0, Map.of())),
                new RushSummary(null, 12, 12, 0, Map.of(), null, null, 0, 0, waiting, Map.of())));
        assertThat(model.summaryProperty().get())
                .contains("fair draw: entries taken in the first 1000 ms; not drawn yet");
    }

    @Test
    void aViewOpenedAfterTheRushShowsItAllAtTheFirstRefresh() {
        // as after a language switch, another screen, or a manager starting the console after the rush
        OpeningView existing = opening(1L);
        when(openings.listByDate(TODAY)).thenReturn(List.of(existing));
        when(monitor.rush(1L)).thenReturn(rush(10_000, true, null, 0, totals(0, 0, 0)));
        when(monitor.history(1L))
                .thenReturn(history(
                        List.of(second(0, 4, Map.of(Outcome.OUT_OF_STOCK, 9L))),
                        new RushSummary(
                                300L, 13, 13, 4, Map.of(Outcome.OUT_OF_STOCK, 9L), 20L, 40L, 0, 0, null, Map.of())));

        LiveRushViewModel chinese = newModel(I18n.CHINESE);
        chinese.loadOpenings();
        chinese.refresh();

        assertThat(chinese.rates()).extracting(RatePoint::attempts).contains(13.0);
        assertThat(chinese.summaryProperty().get()).startsWith("开放后 0.300 秒约满");
        assertThat(chinese.timeAxisProperty().get()).isEqualTo("距开放时间的秒数（13:00:00）");
    }

    @Test
    void aFailedRefreshShowsAProblemLineNotADialog() {
        when(monitor.rush(anyLong())).thenThrow(new RedisConnectionException("Redis is down"));
        model.openingProperty().set(new LiveRushViewModel.OpeningChoice(1, "#1"));
        model.refresh();
        assertThat(model.problemProperty().get()).contains("Redis is down");
        assertThat(notices.failures).isEmpty();
    }

    @Test
    void anOpeningCreatedWhileTheViewShowsNoneIsFoundByTheNextRefreshAndChosen() {
        when(openings.listByDate(any())).thenReturn(List.of());
        model.loadOpenings();
        model.refresh();
        assertThat(model.choices()).isEmpty();
        verify(monitor, never()).rush(anyLong());

        OpeningView created = opening(7L);
        when(openings.listByDate(TODAY)).thenReturn(List.of(created));
        when(monitor.rush(7L))
                .thenReturn(new LiveRush(
                        7, SessionState.WARMED, true, false, null, 60L, 1_000, List.of(), totals(0, 0, 0)));
        when(monitor.history(7L)).thenReturn(new RushTimeline(7, OPENS_AT_MS, List.of(), NOTHING));
        model.refresh();

        assertThat(model.choices())
                .extracting(LiveRushViewModel.OpeningChoice::id)
                .containsExactly(7L);
        assertThat(model.openingProperty().get().id()).isEqualTo(7L);
        verify(monitor).rush(7L);
        assertThat(model.gateProperty().get()).isEqualTo("Opens in 00:01:00");
    }

    @Test
    void findingTheSameOpeningsAgainKeepsTheChoiceAndItsHistory() {
        OpeningView existing = opening(1L);
        when(openings.listByDate(TODAY)).thenReturn(List.of(existing));
        when(monitor.rush(1L)).thenReturn(rush(10_000, true, null, 3, totals(0, 0, 4)));
        when(monitor.history(1L)).thenReturn(history(List.of(second(0, 1, Map.of())), NOTHING));
        model.loadOpenings();
        model.refresh();
        LiveRushViewModel.OpeningChoice chosen = model.openingProperty().get();
        assertThat(model.rates()).isNotEmpty();

        model.loadOpenings();

        assertThat(model.openingProperty().get()).isSameAs(chosen);
        assertThat(model.rates()).isNotEmpty();
    }

    @Test
    void placesHeldInRedisAreWarmedUpAndASlotPastItsStartIsShownAsStarted() {
        OpeningView today = opening(1L);
        when(openings.listByDate(TODAY)).thenReturn(List.of(today));
        model.loadOpenings();
        // sampled at 08:30 on the play date: the 08:00 slot has started, the 09:00 one not; the warm-up's
        // marker is gone but Redis holds the places
        long at = TODAY.atTime(8, 30).atZone(ZONE).toInstant().toEpochMilli();
        LiveRush rush = rush(at, true, null, 2, totals(0, 0, 0));
        model.apply(new LiveRush(
                rush.sessionId(),
                rush.state(),
                false,
                rush.gateOpen(),
                rush.opensAt(),
                rush.secondsToOpen(),
                rush.sampledAt(),
                rush.slots(),
                rush.totals()));

        assertThat(model.gateProperty().get())
                .as("the state, by the places Redis holds")
                .isEqualTo("OPEN");
        assertThat(model.stockProperty().get()).isEqualTo("2 / 4");
        assertThat(model.slots())
                .extracting(LiveRushViewModel.SlotStockRow::started)
                .containsExactly(true, false);
    }

    @Test
    void beforeTheWarmUpTheStateAndThePlacesSayTheSame() {
        model.apply(new LiveRush(
                1,
                SessionState.SCHEDULED,
                false,
                false,
                null,
                null,
                1_000,
                List.of(new SlotStock(10, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 48, null, 0, true)),
                totals(0, 0, 0)));
        assertThat(model.gateProperty().get()).isEqualTo("Not warmed up");
        assertThat(model.stockProperty().get()).isEqualTo("48 places, not in Redis yet (loaded at the warm-up)");
        assertThat(model.slots().get(0).started())
                .as("no play date known: not said to have started")
                .isFalse();
    }

    private static OpeningView opening(long id) {
        return new OpeningView(id, TODAY, TODAY.atTime(13, 0), 10, 1, SessionState.SCHEDULED, false, false, 0, 1);
    }
}
