package com.courtrush.desktop.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.EngineMaintenance;
import java.time.LocalDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Issue 77: the banner says the engine tidies its database, until about when, and goes once that ended. */
class MaintenanceBannerViewModelTest {

    LocalDateTime until;
    final MaintenanceBannerViewModel model = new MaintenanceBannerViewModel(
            new EngineMaintenance(() -> Optional.ofNullable(until), () -> I18n.of(I18n.ENGLISH)));

    @Test
    void shownWithUntilAboutWhenWhileAMaintenanceIsUnderWayAndHiddenOnceItEnded() {
        model.refresh();
        assertThat(model.shownProperty().get()).isFalse();
        assertThat(model.textProperty().get()).isEmpty();

        until = LocalDateTime.of(2026, 11, 30, 4, 15, 42);
        model.refresh();
        assertThat(model.shownProperty().get()).isTrue();
        assertThat(model.textProperty().get()).contains("tidying its database").contains("until about 04:15:42");

        until = null;
        model.refresh();
        assertThat(model.shownProperty().get()).isFalse();
        assertThat(model.textProperty().get()).isEmpty();
    }
}
