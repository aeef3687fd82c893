package com.courtrush.setting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.reset;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.baomidou.mybatisplus.core.conditions.Wrapper;
import com.courtrush.setting.api.SettingKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

class AppSettingsTest {

    private final AppConfigMapper mapper = mock(AppConfigMapper.class);
    private final AtomicLong nanos = new AtomicLong();
    /** The background's work (the value read again, the cache's upkeep), run when the test says. */
    private final List<Runnable> background = new ArrayList<>();

    private final AppSettings settings = new AppSettings(mapper, background::add, nanos::get);

    /**
     * The rush reads settings on every request: once read, a value is served from memory while it is read again in
     * the background — with the database out the request neither waits nor fails, and the value stays; back, the new
     * value comes.
     */
    @Test
    void aValueOnceReadIsServedWithoutTheDatabaseAndReadAgainBehindTheRequests() {
        when(mapper.selectOne(any(Wrapper.class))).thenReturn(row("3"));
        assertThat(settings.get(SettingKey.BOOKINGS_PER_DAY)).isEqualTo("3");

        reset(mapper);
        when(mapper.selectOne(any(Wrapper.class))).thenThrow(new CannotGetJdbcConnectionException("database out"));
        nanos.addAndGet(Duration.ofSeconds(6).toNanos());
        assertThat(settings.get(SettingKey.BOOKINGS_PER_DAY))
                .as("served at once, the database not asked on the request's thread")
                .isEqualTo("3");
        verifyNoInteractions(mapper);
        runBackground(); // where it is read again (and fails)
        verify(mapper).selectOne(any(Wrapper.class));
        assertThat(settings.get(SettingKey.BOOKINGS_PER_DAY))
                .as("kept when it cannot be read")
                .isEqualTo("3");

        reset(mapper);
        when(mapper.selectOne(any(Wrapper.class))).thenReturn(row("4"));
        nanos.addAndGet(Duration.ofSeconds(6).toNanos());
        settings.get(SettingKey.BOOKINGS_PER_DAY);
        runBackground();
        assertThat(settings.get(SettingKey.BOOKINGS_PER_DAY))
                .as("the database back")
                .isEqualTo("4");
    }

    @Test
    void aValueReadAFewSecondsAgoIsNotReadAgain() {
        when(mapper.selectOne(any(Wrapper.class))).thenReturn(row("3"));
        settings.get(SettingKey.BOOKINGS_PER_DAY);
        reset(mapper);
        nanos.addAndGet(Duration.ofSeconds(2).toNanos());
        assertThat(settings.get(SettingKey.BOOKINGS_PER_DAY)).isEqualTo("3");
        runBackground();
        verifyNoInteractions(mapper);
    }

    private void runBackground() {
        List<Runnable> queued = new ArrayList<>(background);
        background.clear();
        queued.forEach(Runnable::run);
    }

    private static AppConfig row(String value) {
        AppConfig row = new AppConfig();
        row.setConfigKey(SettingKey.BOOKINGS_PER_DAY.name());
        row.setConfigValue(value);
        return row;
    }
}
