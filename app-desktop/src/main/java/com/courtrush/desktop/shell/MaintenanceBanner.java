package com.courtrush.desktop.shell;

import com.courtrush.desktop.ui.ConsoleContext;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * A band under the header while the engine is in a maintenance of its own (issue 77); it takes no room otherwise.
 * Asked every second: the state is in the engine's memory, in this process.
 */
final class MaintenanceBanner {

    private final Label root = new Label();
    private final MaintenanceBannerViewModel model;
    private final ConsoleContext context;
    private ScheduledFuture<?> polling;

    MaintenanceBanner(MaintenanceBannerViewModel model, ConsoleContext context) {
        this.model = model;
        this.context = context;
        root.setId("maintenanceBanner");
        root.getStyleClass().add("maintenance-banner");
        root.setWrapText(true);
        root.setMaxWidth(Double.MAX_VALUE);
        root.textProperty().bind(model.textProperty());
        root.visibleProperty().bind(model.shownProperty());
        root.managedProperty().bind(model.shownProperty());
    }

    Region root() {
        return root;
    }

    void start() {
        polling = context.every(Duration.ofSeconds(1), () -> Platform.runLater(model::refresh));
    }

    void stop() {
        if (polling != null) {
            polling.cancel(false);
        }
    }
}
