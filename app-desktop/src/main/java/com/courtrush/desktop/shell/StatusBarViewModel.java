package com.courtrush.desktop.shell;

import com.courtrush.core.Release;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.monitor.api.DataDirectoryUsage;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.reserve.api.RehearsalState;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.springframework.boot.actuate.health.Status;

/**
 * Redis, broker and database health, what the data directory takes and its disk has left, the
 * students' URL, which WeChat Pay runs and the version, for the status bar (and the header's payment line).
 */
public final class StatusBarViewModel {

    public static final String UNKNOWN = Status.UNKNOWN.getCode();

    private final MonitorDesk monitor;
    private final Supplier<String> paymentModes;
    private final UiTasks tasks;
    /** SIMULATED, LIVE or LIVE_SIMULATOR (WeChat Pay's mode); SIMULATED until read. */
    private final ReadOnlyStringWrapper paymentMode = new ReadOnlyStringWrapper("SIMULATED");
    /** The rehearsal's phase when there is something to say of it (waiting, skipped...), else empty. */
    private final ReadOnlyStringWrapper rehearsal = new ReadOnlyStringWrapper("");

    private final ReadOnlyStringWrapper redis = new ReadOnlyStringWrapper(UNKNOWN);
    private final ReadOnlyStringWrapper broker = new ReadOnlyStringWrapper(UNKNOWN);
    private final ReadOnlyStringWrapper database = new ReadOnlyStringWrapper(UNKNOWN);
    private final ReadOnlyLongWrapper dataUsed = new ReadOnlyLongWrapper(-1);
    private final ReadOnlyLongWrapper dataFree = new ReadOnlyLongWrapper(-1);
    private final ReadOnlyBooleanWrapper diskLow = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper studentUrl = new ReadOnlyStringWrapper("");
    private final javafx.collections.ObservableList<String> studentUrls =
            javafx.collections.FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper version = new ReadOnlyStringWrapper(versionOf());

    /** {@code paymentModes}: which WeChat Pay runs now (the WeChat Pay desk's mode), read with the health. */
    public StatusBarViewModel(MonitorDesk monitor, Supplier<String> paymentModes, UiTasks tasks) {
        this.monitor = monitor;
        this.paymentModes = paymentModes;
        this.tasks = tasks;
    }

    public void refresh() {
        tasks.run(
                "health",
                () -> new Reading(
                        monitor.components(), monitor.dataDirectory(), paymentModes.get(), monitor.rehearsal()),
                this::apply,
                error -> {
                    redis.set(UNKNOWN);
                    broker.set(UNKNOWN);
                    database.set(UNKNOWN);
                    dataUsed.set(-1);
                    dataFree.set(-1);
                });
    }

    void apply(Reading reading) {
        Map<String, Status> components = reading.components();
        dataUsed.set(reading.data().usedBytes());
        dataFree.set(reading.data().freeBytes());
        diskLow.set(reading.data().low());
        redis.set(components.getOrDefault("redis", Status.UNKNOWN).getCode());
        broker.set(components.getOrDefault("rabbit", Status.UNKNOWN).getCode());
        database.set(components.getOrDefault("db", Status.UNKNOWN).getCode());
        paymentMode.set(reading.paymentMode());
        rehearsal.set(
                reading.rehearsal() == null
                                || QUIET.contains(reading.rehearsal().phase())
                        ? ""
                        : reading.rehearsal().phase().name());
        String url = monitor.studentUrl();
        studentUrl.set(url == null ? "" : url);
        List<String> all = monitor.studentUrls();
        if (!all.equals(studentUrls)) {
            studentUrls.setAll(all);
        }
    }

    private static String versionOf() {
        return Release.current().version();
    }

    public ReadOnlyStringProperty redisProperty() {
        return redis.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty brokerProperty() {
        return broker.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty databaseProperty() {
        return database.getReadOnlyProperty();
    }

    /** Bytes the data directory takes; -1 when unknown. */
    public ReadOnlyLongProperty dataUsedProperty() {
        return dataUsed.getReadOnlyProperty();
    }

    /** Bytes free on the data directory's disk; -1 when unknown. */
    public ReadOnlyLongProperty dataFreeProperty() {
        return dataFree.getReadOnlyProperty();
    }

    /** Less is free than the stores need to keep writing safely. */
    public ReadOnlyBooleanProperty diskLowProperty() {
        return diskLow.getReadOnlyProperty();
    }

    /** One health reading. */
    record Reading(
            Map<String, Status> components, DataDirectoryUsage data, String paymentMode, RehearsalState rehearsal) {}

    /** The rehearsal's phases the status bar says nothing of: none asked for, not begun, done. */
    private static final java.util.Set<RehearsalState.Phase> QUIET =
            java.util.EnumSet.of(RehearsalState.Phase.OFF, RehearsalState.Phase.PENDING, RehearsalState.Phase.DONE);

    /**
     * What the node's rehearsal of its rush is doing when staff should know (issue 70): waiting for a busy machine,
     * running, skipped, cut short, failed — else empty.
     */
    public ReadOnlyStringProperty rehearsalProperty() {
        return rehearsal.getReadOnlyProperty();
    }

    /** Which WeChat Pay runs: SIMULATED (no money moves), LIVE, or LIVE_SIMULATOR (against the simulator). */
    public ReadOnlyStringProperty paymentModeProperty() {
        return paymentMode.getReadOnlyProperty();
    }

    /** Every address students can use (this machine on each network, or the public URL), best first. */
    public javafx.collections.ObservableList<String> studentUrls() {
        return studentUrls;
    }

    public ReadOnlyStringProperty studentUrlProperty() {
        return studentUrl.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty versionProperty() {
        return version.getReadOnlyProperty();
    }
}
