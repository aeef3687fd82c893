package com.courtrush.desktop.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.monitor.api.DataDirectoryUsage;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.reserve.api.RehearsalState;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Status;

class StatusBarViewModelTest {

    final MonitorDesk monitor = mock(MonitorDesk.class);
    String paymentMode = "SIMULATED";
    final StatusBarViewModel model =
            new StatusBarViewModel(monitor, () -> paymentMode, new DirectUiTasks(new RecordingNotices()));

    @Test
    void whichWechatPayRunsIsReadWithTheHealth() {
        when(monitor.components()).thenReturn(Map.of("redis", Status.UP, "rabbit", Status.UP, "db", Status.UP));
        when(monitor.dataDirectory()).thenReturn(new DataDirectoryUsage(1L << 20, Map.of(), 40L << 30));
        model.refresh();
        assertThat(model.paymentModeProperty().get()).isEqualTo("SIMULATED");
        paymentMode = "LIVE";
        model.refresh();
        assertThat(model.paymentModeProperty().get()).isEqualTo("LIVE");
    }

    @Test
    void healthAndTheStudentsUrlAreShown() {
        when(monitor.components()).thenReturn(Map.of("redis", Status.UP, "rabbit", Status.DOWN, "db", Status.UP));
        when(monitor.dataDirectory()).thenReturn(new DataDirectoryUsage(300L << 20, Map.of(), 40L << 30));
        when(monitor.studentUrl()).thenReturn("http://192.168.1.5:8080/");
        model.refresh();
        assertThat(model.redisProperty().get()).isEqualTo("UP");
        assertThat(model.brokerProperty().get()).isEqualTo("DOWN");
        assertThat(model.databaseProperty().get()).isEqualTo("UP");
        assertThat(model.studentUrlProperty().get()).isEqualTo("http://192.168.1.5:8080/");
        assertThat(model.dataUsedProperty().get()).isEqualTo(300L << 20);
        assertThat(model.dataFreeProperty().get()).isEqualTo(40L << 30);
        assertThat(model.diskLowProperty().get()).isFalse();
        assertThat(Inputs.bytes(300L << 20)).isEqualTo("300 MB");
        assertThat(Inputs.bytes(1288490188L)).isEqualTo("1.2 GB");
    }

    @Test
    void aDiskWithLessFreeThanTheStoresNeedIsFlagged() {
        when(monitor.components()).thenReturn(Map.of("redis", Status.UP, "rabbit", Status.UP, "db", Status.UP));
        when(monitor.dataDirectory()).thenReturn(new DataDirectoryUsage(1L << 30, Map.of(), 100L << 20));
        model.refresh();
        assertThat(model.diskLowProperty().get()).isTrue();
    }

    /** Issue 70: a rehearsal waiting for a busy machine, or skipped, is said in the status bar; one done is not. */
    @Test
    void theRehearsalIsSaidWhenStaffShouldKnowOfIt() {
        when(monitor.components()).thenReturn(Map.of("redis", Status.UP, "rabbit", Status.UP, "db", Status.UP));
        when(monitor.dataDirectory()).thenReturn(new DataDirectoryUsage(1L << 20, Map.of(), 40L << 30));
        for (RehearsalState.Phase phase : RehearsalState.Phase.values()) {
            when(monitor.rehearsal()).thenReturn(new RehearsalState(phase, 12.5, LocalDateTime.now()));
            model.refresh();
            boolean said = phase == RehearsalState.Phase.WAITING
                    || phase == RehearsalState.Phase.RUNNING
                    || phase == RehearsalState.Phase.SKIPPED
                    || phase == RehearsalState.Phase.CUT_SHORT
                    || phase == RehearsalState.Phase.FAILED;
            assertThat(model.rehearsalProperty().get()).as(phase.name()).isEqualTo(said ? phase.name() : "");
        }
    }

    @Test
    void anUnanswerableHealthCheckIsUnknownNotUp() {
        when(monitor.components()).thenThrow(new IllegalStateException("context closing"));
        model.refresh();
        assertThat(model.redisProperty().get()).isEqualTo(StatusBarViewModel.UNKNOWN);
    }
}
