package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The engine's own maintenance as staff read it (issue 77): at night the engine closes its embedded database for a
 * few seconds to compact it, and a desk call meanwhile would wait, unseen, for a connection its pool does not give.
 * While one is under way this says so — the system is tidying its database, until about when — in the console's
 * language: the window's banner shows it, and the desk calls started meanwhile are refused with it ({@link FxUiTasks}).
 */
public final class EngineMaintenance {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final Supplier<Optional<LocalDateTime>> until;
    private final Supplier<I18n> i18n;

    /**
     * @param until the latest the maintenance under way ends ({@code MonitorDesk::maintenanceUntil}), empty when none
     *     is
     * @param i18n the console's language now (it can be switched while the engine runs)
     */
    public EngineMaintenance(Supplier<Optional<LocalDateTime>> until, Supplier<I18n> i18n) {
        this.until = until;
        this.i18n = i18n;
    }

    /** What staff read while a maintenance is under way; empty when none is. A read of memory: cheap every second. */
    public Optional<String> said() {
        return until.get().map(end -> i18n.get().t("maintenance.underWay", TIME.format(end)));
    }
}
