package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ShownDayTest {

    static final LocalDate MONDAY = LocalDate.of(2026, 11, 30);
    final AtomicReference<LocalDate> today = new AtomicReference<>(MONDAY);
    final ShownDay shown = new ShownDay(today::get);

    @Test
    void aScreenOnTodayMovesToTheNewDayPastMidnightAndSaysSo() {
        List<LocalDate> heard = new ArrayList<>();
        shown.property().addListener((obs, old, now) -> heard.add(now));
        assertThat(shown.toRead()).isEqualTo(MONDAY);

        today.set(MONDAY.plusDays(1));
        assertThat(shown.toRead()).isEqualTo(MONDAY.plusDays(1));
        assertThat(shown.property().get()).isEqualTo(MONDAY.plusDays(1));
        assertThat(heard).containsExactly(MONDAY.plusDays(1));
    }

    @Test
    void aDayStaffChoseStaysWhenMidnightPasses() {
        shown.property().set(MONDAY.plusDays(3));
        today.set(MONDAY.plusDays(1));
        assertThat(shown.toRead()).isEqualTo(MONDAY.plusDays(3));

        // turned back to today, it follows today again
        shown.property().set(MONDAY.plusDays(1));
        today.set(MONDAY.plusDays(2));
        assertThat(shown.toRead()).isEqualTo(MONDAY.plusDays(2));
    }

    @Test
    void aScreenLeftOnTheEndedDayForTwoNightsCatchesUpOnce() {
        today.set(MONDAY.plusDays(2));
        assertThat(shown.toRead()).isEqualTo(MONDAY.plusDays(2));
    }
}
