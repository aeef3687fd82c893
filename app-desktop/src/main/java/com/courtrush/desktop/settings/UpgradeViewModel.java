package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.core.WallTimes;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.upgrade.api.UpgradeAnnouncement;
import com.courtrush.upgrade.api.UpgradeWindow;
import com.courtrush.upgrade.desk.UpgradeDesk;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Settings → Upgrading this console (issue 80): before a new release is installed, a manager tells the students how
 * long the console (and its engine, which serves their page) will be away; their page says "maintenance, back at …"
 * until it is back. The engine refuses a time that meets an opening's warm-up or rush, in its own words.
 */
public final class UpgradeViewModel {

    private final UpgradeDesk upgrades;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller manager;

    private final StringProperty minutes = new SimpleStringProperty(String.valueOf(UpgradeAnnouncement.MINUTES));
    private final StringProperty state = new SimpleStringProperty("");
    private final BooleanProperty announced = new SimpleBooleanProperty(false);

    public UpgradeViewModel(UpgradeDesk upgrades, UiTasks tasks, Notices notices, I18n i18n, Caller manager) {
        this.upgrades = upgrades;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.manager = manager;
    }

    /** Reads whether an upgrade is announced now. */
    public void load() {
        tasks.run(i18n.t("upgrade.title"), upgrades::announced, this::show);
    }

    /** Announces the upgrade for the minutes typed; a number outside 1 to 240 is said before asking the engine. */
    public void announce() {
        String what = i18n.t("upgrade.announce");
        Integer asked = minutesTyped();
        if (asked == null) {
            state.set(i18n.t("upgrade.minutesInvalid", UpgradeAnnouncement.MOST_MINUTES));
            return;
        }
        tasks.run(
                what,
                () -> upgrades.announce(manager, new UpgradeAnnouncement(asked)),
                window -> show(Optional.of(window)),
                failure -> notices.failed(what, failure));
    }

    /** Calls the announcement off: the students' page serves again at once. */
    public void callOff() {
        String what = i18n.t("upgrade.callOff");
        tasks.run(what, () -> upgrades.callOff(manager), ended -> show(Optional.empty()));
    }

    private Integer minutesTyped() {
        try {
            int typed = Integer.parseInt(minutes.get().strip());
            return typed >= 1 && typed <= UpgradeAnnouncement.MOST_MINUTES ? typed : null;
        } catch (NumberFormatException | NullPointerException notANumber) {
            return null;
        }
    }

    private void show(Optional<UpgradeWindow> window) {
        announced.set(window.isPresent());
        state.set(window.map(w -> i18n.t(
                        "upgrade.announced",
                        WallTimes.onDay(w.until(), w.since().toLocalDate())))
                .orElse(i18n.t("upgrade.none")));
    }

    /** The minutes to announce, as typed. */
    public StringProperty minutesProperty() {
        return minutes;
    }

    /** Whether an upgrade is announced, and until when: what the students are told. */
    public StringProperty stateProperty() {
        return state;
    }

    /** Whether an upgrade is announced: it may be called off. */
    public BooleanProperty announcedProperty() {
        return announced;
    }
}
