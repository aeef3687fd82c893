package com.courtrush.desktop.shell;

import com.courtrush.CourtRushServer;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.monitor.StartupReport;
import com.courtrush.monitor.SystemHealth;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.springframework.boot.actuate.health.Status;

/** Redis, broker and database health, the students' URL and the version, for the status bar. */
public final class StatusBarViewModel {

    public static final String UNKNOWN = Status.UNKNOWN.getCode();

    private final SystemHealth health;
    private final StartupReport startup;
    private final UiTasks tasks;
    private final ReadOnlyStringWrapper redis = new ReadOnlyStringWrapper(UNKNOWN);
    private final ReadOnlyStringWrapper broker = new ReadOnlyStringWrapper(UNKNOWN);
    private final ReadOnlyStringWrapper database = new ReadOnlyStringWrapper(UNKNOWN);
    private final ReadOnlyStringWrapper studentUrl = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper version = new ReadOnlyStringWrapper(versionOf());

    public StatusBarViewModel(SystemHealth health, StartupReport startup, UiTasks tasks) {
        this.health = health;
        this.startup = startup;
        this.tasks = tasks;
    }

    public void refresh() {
        tasks.run("health", health::components, this::apply, error -> {
            redis.set(UNKNOWN);
            broker.set(UNKNOWN);
            database.set(UNKNOWN);
        });
    }

    void apply(Map<String, Status> components) {
        redis.set(components.getOrDefault("redis", Status.UNKNOWN).getCode());
        broker.set(components.getOrDefault("rabbit", Status.UNKNOWN).getCode());
        database.set(components.getOrDefault("db", Status.UNKNOWN).getCode());
        String url = startup.studentUrl();
        studentUrl.set(url == null ? "" : url);
    }

    private static String versionOf() {
        String version = CourtRushServer.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
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

    public ReadOnlyStringProperty studentUrlProperty() {
        return studentUrl.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty versionProperty() {
        return version.getReadOnlyProperty();
    }
}
