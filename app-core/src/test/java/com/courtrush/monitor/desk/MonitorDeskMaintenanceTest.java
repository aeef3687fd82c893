package com.courtrush.monitor.desk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import com.courtrush.infra.lifecycle.Maintenance;
import com.courtrush.monitor.QueueMonitor;
import com.courtrush.monitor.RushHistory;
import com.courtrush.monitor.RushMonitor;
import com.courtrush.monitor.StartupReport;
import com.courtrush.monitor.SystemHealth;
import com.courtrush.reserve.rehearsal.RehearsalProgress;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** Issue 77: the console learns of the engine's maintenance, and until when, from the monitor's desk. */
class MonitorDeskMaintenanceTest {

    final Clock clock = Clock.system(ZoneId.of("Asia/Shanghai"));
    final Maintenance maintenance = new Maintenance(clock);
    final MonitorDesk desk = new MonitorDesk(
            mock(SystemHealth.class),
            mock(StartupReport.class),
            mock(RushMonitor.class),
            mock(RushHistory.class),
            mock(QueueMonitor.class),
            mock(RehearsalProgress.class),
            maintenance,
            clock);

    @Test
    void aMaintenanceUnderWayIsSaidWithItsEndInTheEnginesWallTimeAndNotOnceItEnded() {
        assertThat(desk.maintenanceUntil()).isEmpty();
        LocalDateTime before = LocalDateTime.now(clock);
        maintenance.begin(Maintenance.Kind.COMPACTION, "compacting the database", Duration.ofSeconds(15));
        assertThat(desk.maintenanceUntil())
                .hasValueSatisfying(until -> assertThat(until)
                        .isAfterOrEqualTo(before.plusSeconds(15))
                        .isBeforeOrEqualTo(LocalDateTime.now(clock).plusSeconds(15)));
        maintenance.end(Maintenance.Kind.COMPACTION);
        assertThat(desk.maintenanceUntil()).isEmpty();
    }

    @Test
    void anUpgradeAnnouncedIsNotTheDatabaseClosed() {
        maintenance.begin(Maintenance.Kind.UPGRADE, "upgrading", Duration.ofMinutes(20));
        assertThat(desk.maintenanceUntil())
                .as("the console's banner says the database is closed: not so while an upgrade is announced")
                .isEmpty();
        maintenance.end(Maintenance.Kind.UPGRADE);
    }
}
