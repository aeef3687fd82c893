package com.courtrush.desktop.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.ClippedText;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.EngineMaintenance;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The banner in a window (headless: TestFX + Monocle), in Chinese at a desk's 1280 wide: it comes within about a
 * second of a maintenance's start, reads whole, and goes — taking no room — within about a second of its end.
 */
class MaintenanceBannerTest {

    final AtomicReference<LocalDateTime> until = new AtomicReference<>();
    final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    MaintenanceBanner banner;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
        Fonts.loadBundled();
    }

    @AfterEach
    void close() throws Exception {
        banner.stop();
        ticker.shutdownNow();
        FxToolkit.cleanupStages();
    }

    @Test
    void comesWithAMaintenanceReadsWholeAndGoesWithIt() throws Exception {
        RecordingNotices notices = new RecordingNotices();
        I18n chinese = I18n.of(I18n.CHINESE);
        ConsoleContext context = new ConsoleContext(
                chinese, new DirectUiTasks(notices), notices, null, ticker, Caller.atDesk(7, "d01", Role.STAFF));
        EngineMaintenance maintenance = new EngineMaintenance(() -> Optional.ofNullable(until.get()), () -> chinese);
        FxToolkit.registerStage(Stage::new);
        FxToolkit.setupSceneRoot(() -> {
            banner = new MaintenanceBanner(new MaintenanceBannerViewModel(maintenance), context);
            return new VBox(new Label("CourtRush"), banner.root());
        });
        FxToolkit.setupStage(stage -> {
            stage.getScene()
                    .getStylesheets()
                    .add(MaintenanceBanner.class.getResource("/css/app.css").toExternalForm());
            stage.setWidth(1280);
            stage.setHeight(200);
            stage.show();
        });
        WaitForAsyncUtils.asyncFx(banner::start).get();
        Label shown = (Label) banner.root();
        WaitForAsyncUtils.sleep(1_200, TimeUnit.MILLISECONDS);
        assertThat(onFx(shown::isVisible)).isFalse();
        assertThat(onFx(shown::isManaged)).isFalse();

        until.set(LocalDateTime.of(2026, 11, 30, 4, 15, 42));
        WaitForAsyncUtils.waitFor(3, TimeUnit.SECONDS, () -> onFx(shown::isVisible));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(onFx(shown::getText)).contains("系统正在整理数据库").contains("04:15:42");
        assertThat(onFx(() -> ClippedText.in((Parent) shown.getScene().getRoot())))
                .isEmpty();

        until.set(null);
        WaitForAsyncUtils.waitFor(3, TimeUnit.SECONDS, () -> !onFx(shown::isVisible));
        assertThat(onFx(shown::isManaged)).isFalse();
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(5, TimeUnit.SECONDS);
    }
}
