package com.courtrush.desktop.shell;

import com.courtrush.desktop.ui.EngineMaintenance;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The window's maintenance banner (issue 77): shown while the engine tidies its database, saying until about when,
 * and gone once it ended.
 */
public final class MaintenanceBannerViewModel {

    private final EngineMaintenance maintenance;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(false);

    public MaintenanceBannerViewModel(EngineMaintenance maintenance) {
        this.maintenance = maintenance;
    }

    /** Reads the engine's state now: a read of its memory, cheap enough for every second on the JavaFX thread. */
    public void refresh() {
        Optional<String> said = maintenance.said();
        text.set(said.orElse(""));
        shown.set(said.isPresent());
    }

    /** What the banner says; empty when no maintenance is under way. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }
}
