package com.courtrush.desktop.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.monitor.StartupReport;
import com.courtrush.monitor.SystemHealth;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Status;

class StatusBarViewModelTest {

    final SystemHealth health = mock(SystemHealth.class);
    final StartupReport startup = mock(StartupReport.class);
    final StatusBarViewModel model = new StatusBarViewModel(health, startup, new DirectUiTasks(new RecordingNotices()));

    @Test
    void healthAndTheStudentsUrlAreShown() {
        when(health.components()).thenReturn(Map.of("redis", Status.UP, "rabbit", Status.DOWN, "db", Status.UP));
        when(startup.studentUrl()).thenReturn("http://192.168.1.5:8080/");
        model.refresh();
        assertThat(model.redisProperty().get()).isEqualTo("UP");
        assertThat(model.brokerProperty().get()).isEqualTo("DOWN");
        assertThat(model.databaseProperty().get()).isEqualTo("UP");
        assertThat(model.studentUrlProperty().get()).isEqualTo("http://192.168.1.5:8080/");
    }

    @Test
    void anUnanswerableHealthCheckIsUnknownNotUp() {
        when(health.components()).thenThrow(new IllegalStateException("context closing"));
        model.refresh();
        assertThat(model.redisProperty().get()).isEqualTo(StatusBarViewModel.UNKNOWN);
    }
}
