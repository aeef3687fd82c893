package com.courtrush.desktop.shell;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Inputs;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** The bottom line: service health, the students' URL, the version. */
public final class StatusBarView {

    private final Region root;
    private final StatusBarViewModel model;
    private final ConsoleContext context;
    private ScheduledFuture<?> polling;

    public StatusBarView(StatusBarViewModel model, ConsoleContext context) {
        this.model = model;
        this.context = context;
        I18n i18n = context.i18n();
        Label url = new Label();
        url.setId("studentUrl");
        url.textProperty().bind(model.studentUrlProperty().map(u -> i18n.t("status.studentUrl", u)));
        Button poster = new Button(i18n.t("status.poster"));
        poster.setId("addressPosterButton");
        poster.getStyleClass().add("small");
        poster.setOnAction(
                event -> AddressPoster.show(poster.getScene().getWindow(), i18n, List.copyOf(model.studentUrls())));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Hyperlink version = new Hyperlink();
        version.setId("aboutLink");
        version.textProperty().bind(model.versionProperty().map(v -> i18n.t("status.version", v)));
        version.setOnAction(event -> AboutDialog.show(version.getScene().getWindow(), i18n));
        ProgressIndicator working = new ProgressIndicator();
        working.setPrefSize(16, 16);
        Label workingText = new Label();
        workingText.setId("busy");
        workingText
                .textProperty()
                .bind(context.tasks().busyProperty().map(what -> what.isEmpty() ? "" : i18n.t("status.working", what)));
        working.visibleProperty().bind(context.tasks().busyProperty().isNotEmpty());
        Label data = new Label();
        data.setId("dataUsage");
        data.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> model.dataUsedProperty().get() < 0
                                ? ""
                                : i18n.t(
                                        "status.data",
                                        Inputs.bytes(model.dataUsedProperty().get()),
                                        Inputs.bytes(model.dataFreeProperty().get())),
                        model.dataUsedProperty(),
                        model.dataFreeProperty()));
        model.diskLowProperty().addListener((obs, old, low) -> {
            data.getStyleClass().remove("health-down");
            if (low) {
                data.getStyleClass().add("health-down");
            }
        });
        // every part read whole: what does not fit on the line goes onto a second ("Redis …", "消息队列 正…" were cut)
        FlowPane services = new FlowPane(
                14,
                2,
                health("status.redis", model.redisProperty(), "redisHealth"),
                health("status.broker", model.brokerProperty(), "brokerHealth"),
                health("status.database", model.databaseProperty(), "databaseHealth"),
                data,
                url,
                poster);
        services.setAlignment(Pos.CENTER_LEFT);
        services.setPrefWrapLength(1200);
        services.setMinWidth(0);
        HBox.setHgrow(services, Priority.ALWAYS);
        Label payments = paymentMode(i18n);
        Label rehearsal = new Label();
        rehearsal.setId("rehearsalState");
        rehearsal
                .textProperty()
                .bind(model.rehearsalProperty()
                        .map(phase -> phase.isEmpty() ? "" : i18n.t("status.rehearsal." + phase)));
        rehearsal.managedProperty().bind(model.rehearsalProperty().isNotEmpty());
        for (Region each : new Region[] {workingText, rehearsal, payments, version}) {
            each.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox bar = new HBox(14, services, spacer, working, workingText, rehearsal, payments, version);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 10, 4, 10));
        bar.getStyleClass().add("status-bar");
        root = bar;
    }

    private Label paymentMode(I18n i18n) {
        Label label = new Label();
        label.setId("statusPaymentMode");
        label.textProperty().bind(model.paymentModeProperty().map(mode -> i18n.t("status.payments." + mode)));
        return label;
    }

    private Label health(String key, ReadOnlyStringProperty status, String id) {
        Label label = new Label();
        label.setId(id);
        label.textProperty()
                .bind(status.map(
                        s -> context.i18n().t(key) + " " + context.i18n().t("health." + s)));
        status.addListener((obs, old, now) -> {
            label.getStyleClass().removeAll("health-up", "health-down");
            label.getStyleClass().add("UP".equals(now) ? "health-up" : "health-down");
        });
        return label;
    }

    public Region root() {
        return root;
    }

    public void start() {
        polling = context.every(Duration.ofSeconds(5), () -> Platform.runLater(model::refresh));
    }

    public void stop() {
        if (polling != null) {
            polling.cancel(false);
        }
    }
}
