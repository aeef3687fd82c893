package com.courtrush.desktop.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.monitor.RushMonitor;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.SessionState;
import com.courtrush.reserve.grant.ReserveMetrics;
import com.courtrush.web.Outcome;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisConnectionException;

class LiveRushViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);

    final RushMonitor monitor = mock(RushMonitor.class);
    final OpeningService openings = mock(OpeningService.class);
    final RecordingNotices notices = new RecordingNotices();
    final LiveRushViewModel model = new LiveRushViewModel(monitor, openings,
            new DirectUiTasks(notices), I18n.of(I18n.ENGLISH), TODAY);

    static ReserveMetrics.Totals totals(long granted, long outOfStock, long ungated) {
        Map<Outcome, Long> requests = new EnumMap<>(Outcome.class);
        requests.put(Outcome.SUCCESS, granted);
        requests.put(Outcome.OUT_OF_STOCK, outOfStock);
        requests.put(Outcome.UNGATED, ungated);
        return new ReserveMetrics.Totals(requests, granted, 0, 0, granted, granted, 0, 0);
    }

    static RushMonitor.Rush rush(long at, boolean open, Long secondsToOpen, Integer permits, ReserveMetrics.Totals t) {
        return new RushMonitor.Rush(1, SessionState.OPEN, true, open, null, secondsToOpen, at,
                List.of(new RushMonitor.SlotStock(10, "A", LocalTime.of(8, 0), LocalTime.of(9, 0), 3, permits, 3 - permits,
                        true), new RushMonitor.SlotStock(11, "A", LocalTime.of(9, 0), LocalTime.of(10, 0), 1, 0, 1, true)),
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
    void ratesComeFromTheDifferenceBetweenTwoSnapshots() {
        model.apply(rush(10_000, true, null, 3, totals(0, 0, 4)));
        assertThat(model.rates()).isEmpty();
        model.apply(rush(12_000, true, null, 1, totals(2, 40, 4)));
        assertThat(model.rates()).hasSize(1);
        RatePoint point = model.rates().get(0);
        assertThat(point.attempts()).isEqualTo(21.0);
        assertThat(point.accepted()).isEqualTo(1.0);
        assertThat(point.rejects().get(Outcome.OUT_OF_STOCK)).isEqualTo(20.0);
        assertThat(point.rejects().get(Outcome.UNGATED)).isZero();
    }

    @Test
    void onlyTheLastTwoMinutesAreKept() {
        for (int i = 0; i <= LiveRushViewModel.HISTORY_SECONDS + 30; i++) {
            model.apply(rush(1_000L * i, true, null, 3, totals(i, 0, 0)));
        }
        assertThat(model.rates()).hasSize(LiveRushViewModel.HISTORY_SECONDS);
    }

    @Test
    void aFailedRefreshShowsAProblemLineNotADialog() {
        model.openingProperty().set(new LiveRushViewModel.OpeningChoice(1, "#1"));
        when(monitor.rush(anyLong())).thenThrow(new RedisConnectionException("Redis is down"));
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

        ReserveSession created = new ReserveSession();
        created.setId(7L);
        created.setSessionDate(TODAY);
        created.setFlashTime(TODAY.atTime(13, 0));
        when(openings.listByDate(TODAY)).thenReturn(List.of(created));
        when(monitor.rush(7L)).thenReturn(new RushMonitor.Rush(7, SessionState.WARMED, true, false, null, 60L, 1_000,
                List.of(), totals(0, 0, 0)));
        model.refresh();

        assertThat(model.choices()).extracting(LiveRushViewModel.OpeningChoice::id).containsExactly(7L);
        assertThat(model.openingProperty().get().id()).isEqualTo(7L);
        verify(monitor).rush(7L);
        assertThat(model.gateProperty().get()).isEqualTo("Opens in 00:01:00");
    }

    @Test
    void findingTheSameOpeningsAgainKeepsTheChoiceAndItsHistory() {
        ReserveSession existing = new ReserveSession();
        existing.setId(1L);
        existing.setSessionDate(TODAY);
        existing.setFlashTime(TODAY.atTime(13, 0));
        when(openings.listByDate(TODAY)).thenReturn(List.of(existing));
        when(monitor.rush(1L)).thenReturn(rush(10_000, true, null, 3, totals(0, 0, 4)),
                rush(12_000, true, null, 1, totals(2, 40, 4)));
        model.loadOpenings();
        model.refresh();
        LiveRushViewModel.OpeningChoice chosen = model.openingProperty().get();
        assertThat(model.rates()).hasSize(1);

        model.loadOpenings();

        assertThat(model.openingProperty().get()).isSameAs(chosen);
        assertThat(model.rates()).hasSize(1);
    }
}
