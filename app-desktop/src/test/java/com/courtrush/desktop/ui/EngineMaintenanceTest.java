package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.I18n;
import java.time.LocalDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Issue 77: what staff read of the engine's maintenance, in each of the console's languages. */
class EngineMaintenanceTest {

    LocalDateTime until = LocalDateTime.of(2026, 11, 30, 4, 15, 42, 300_000_000);
    I18n i18n = I18n.of(I18n.CHINESE);
    final EngineMaintenance maintenance = new EngineMaintenance(() -> Optional.ofNullable(until), () -> i18n);

    @Test
    void aMaintenanceUnderWayIsSaidWithUntilAboutWhenInTheLanguageShownNow() {
        assertThat(maintenance.said()).hasValue("系统正在整理数据库（夜间例行维护），预计 04:15:42 左右结束。在此期间发起的操作不会执行，请届时再试。");
        i18n = I18n.of(I18n.ENGLISH);
        assertThat(maintenance.said())
                .hasValue("The system is tidying its database (the nightly upkeep) until about 04:15:42. Nothing you"
                        + " start meanwhile is done: try again then.");
    }

    @Test
    void noneUnderWaySaysNothing() {
        until = null;
        assertThat(maintenance.said()).isEmpty();
    }
}
