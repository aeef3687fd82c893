package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.support.RecordingNotices;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** Engine calls run off the JavaFX thread, report back on it, and show as "busy" while they run. */
class FxUiTasksTest {

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void workRunsOffTheFxThreadAndItsResultComesBackOnIt() throws Exception {
        RecordingNotices notices = new RecordingNotices();
        try (FxUiTasks tasks = new FxUiTasks(notices)) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<Boolean> workOnFx = new AtomicReference<>();
            AtomicReference<Boolean> resultOnFx = new AtomicReference<>();
            WaitForAsyncUtils.asyncFx(() -> tasks.run(
                            "warm-up",
                            () -> {
                                workOnFx.set(Platform.isFxApplicationThread());
                                release.await(5, TimeUnit.SECONDS);
                                return 42;
                            },
                            value -> resultOnFx.set(Platform.isFxApplicationThread() && value == 42)))
                    .get();
            WaitForAsyncUtils.waitFor(
                    5,
                    TimeUnit.SECONDS,
                    () -> "warm-up".equals(tasks.busyProperty().get()));
            release.countDown();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> resultOnFx.get() != null);
            assertThat(workOnFx.get()).isFalse();
            assertThat(resultOnFx.get()).isTrue();
            WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> tasks.busyProperty().get().isEmpty());
        }
    }

    @Test
    void aFailureReachesTheUserAndClearsBusy() throws Exception {
        RecordingNotices notices = new RecordingNotices();
        try (FxUiTasks tasks = new FxUiTasks(notices)) {
            WaitForAsyncUtils.asyncFx(() -> tasks.run(
                            "re-sync",
                            () -> {
                                throw new IllegalStateException("Redis is down");
                            },
                            value -> {}))
                    .get();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !notices.failures.isEmpty());
            assertThat(notices.failedWhat).containsExactly("re-sync");
            WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> tasks.busyProperty().get().isEmpty());
        }
    }
}
