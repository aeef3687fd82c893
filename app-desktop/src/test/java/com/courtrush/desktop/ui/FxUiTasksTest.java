package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.RecordingNotices;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Engine calls run off the JavaFX thread, report back on it, and show as "busy" while they run; while the engine is in
 * a maintenance of its own they are refused at once, in words.
 */
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

    /**
     * Issue 77: a desk call started while the engine tidies its database would wait, unseen, for a connection the
     * pool does not give; it is refused at once with the banner's words instead, and runs again once it ended.
     */
    @Test
    void workStartedDuringAMaintenanceIsRefusedAtOnceInWordsAndRunsOnceItEnded() throws Exception {
        RecordingNotices notices = new RecordingNotices();
        AtomicReference<LocalDateTime> until = new AtomicReference<>(LocalDateTime.of(2026, 11, 30, 4, 15, 42));
        EngineMaintenance maintenance =
                new EngineMaintenance(() -> Optional.ofNullable(until.get()), () -> I18n.of(I18n.ENGLISH));
        try (FxUiTasks tasks = new FxUiTasks(notices, maintenance::said)) {
            AtomicBoolean ran = new AtomicBoolean();
            AtomicReference<Throwable> refused = new AtomicReference<>();
            AtomicReference<Boolean> refusedOnFx = new AtomicReference<>();
            long started = System.nanoTime();
            WaitForAsyncUtils.asyncFx(() -> tasks.run("board", () -> ran.getAndSet(true), value -> {}, error -> {
                        refusedOnFx.set(Platform.isFxApplicationThread());
                        refused.set(error);
                    }))
                    .get();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> refused.get() != null);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started))
                    .isLessThan(2_000);
            assertThat(ran).isFalse();
            assertThat(refusedOnFx.get()).isTrue();
            assertThat(refused.get())
                    .isInstanceOf(MaintenanceRefusal.class)
                    .hasMessage(maintenance.said().orElseThrow())
                    .hasMessageContaining("tidying its database")
                    .hasMessageContaining("04:15:42");

            // started by staff: the dialog says it, and the status bar is no longer "working"
            WaitForAsyncUtils.asyncFx(() -> tasks.run("check-in", () -> ran.getAndSet(true), value -> {}))
                    .get();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !notices.failures.isEmpty());
            assertThat(notices.failedWhat).containsExactly("check-in");
            assertThat(notices.lastFailureMessage()).contains("04:15:42");
            assertThat(new FxNotices(() -> I18n.of(I18n.ENGLISH), () -> null).explain(notices.failures.get(0)))
                    .isEqualTo(notices.lastFailureMessage());
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, tasks::idle);
            assertThat(tasks.busyProperty().get()).isEmpty();
            assertThat(ran).isFalse();

            until.set(null);
            AtomicReference<Boolean> result = new AtomicReference<>();
            WaitForAsyncUtils.asyncFx(() -> tasks.run("board", () -> ran.getAndSet(true), result::set))
                    .get();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> result.get() != null);
            assertThat(ran).isTrue();
        }
    }
}
