package com.courtrush.desktop.shell;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.EngineMaintenance;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The console's window: navigation, the current screen, the language switch, the status bar, and a banner while the
 * engine is in a maintenance of its own.
 */
public final class MainWindow {

    private final BorderPane root = new BorderPane();
    private final List<Screen> screens;
    private final StatusBarView statusBar;
    private final MaintenanceBanner maintenance;
    private final ListView<Screen> nav = new ListView<>();
    private Screen current;

    /**
     * @param screens what the navigation offers, in order ({@code Screens})
     * @param signOut the person at the desk signs out (the window is replaced)
     */
    public MainWindow(ConsoleContext context, List<Screen> screens, Consumer<Locale> switchLanguage, Runnable signOut) {
        I18n i18n = context.i18n();
        this.screens = List.copyOf(screens);
        StatusBarViewModel status = new StatusBarViewModel(
                context.desks().monitor(),
                () -> context.desks().wechatPay().state().mode(),
                context.tasks());
        statusBar = new StatusBarView(status, context);
        maintenance = new MaintenanceBanner(
                new MaintenanceBannerViewModel(
                        new EngineMaintenance(context.desks().monitor()::maintenanceUntil, context::i18n)),
                context);

        Label title = new Label(i18n.t("app.title"));
        title.getStyleClass().add("app-title");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        ChoiceBox<Locale> language = new ChoiceBox<>();
        language.setId("language");
        language.getItems().setAll(I18n.SUPPORTED);
        language.setConverter(new StringConverter<>() {
            @Override
            public String toString(Locale locale) {
                return locale == null ? "" : i18n.t("language." + locale.getLanguage());
            }

            @Override
            public Locale fromString(String text) {
                return null;
            }
        });
        language.setValue(i18n.locale());
        language.valueProperty().addListener((obs, old, now) -> {
            if (now != null && !now.equals(old)) {
                switchLanguage.accept(now);
            }
        });
        // which WeChat Pay runs, said plainly: simulated (no money moves), live, or live against the simulator
        Label simulated = new Label();
        simulated.setId("paymentMode");
        simulated.textProperty().bind(status.paymentModeProperty().map(mode -> i18n.t("header.payments." + mode)));
        simulated.getStyleClass().add("simulated");
        status.paymentModeProperty().addListener((obs, old, mode) -> {
            simulated.getStyleClass().removeAll("simulated", "live");
            simulated.getStyleClass().add("LIVE".equals(mode) ? "live" : "simulated");
        });
        Label who = new Label(i18n.t(
                "header.signedIn",
                context.staff().name(),
                i18n.of(context.staff().role())));
        who.setId("signedIn");
        HBox header = new HBox(
                12,
                title,
                spacer,
                simulated,
                who,
                Widgets.button(i18n.t("header.signOut"), "signOut", signOut),
                new Label(i18n.t("header.language")),
                language);
        header.setAlignment(Pos.CENTER_LEFT);
        header.getStyleClass().add("app-header");

        nav.setId("nav");
        nav.getStyleClass().add("nav");
        nav.getItems().setAll(screens);
        nav.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(Screen screen, boolean empty) {
                super.updateItem(screen, empty);
                setText(empty || screen == null ? null : i18n.t(screen.titleKey()));
                setId(
                        empty || screen == null
                                ? null
                                : "nav-" + screen.titleKey().replace("nav.", ""));
            }
        });
        StackPane content = new StackPane();
        nav.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (old != null) {
                old.hidden();
            }
            current = now;
            if (now != null) {
                content.getChildren().setAll(now.root());
                now.shown();
            }
        });
        root.setTop(new VBox(header, maintenance.root()));
        root.setLeft(nav);
        root.setCenter(content);
        root.setBottom(statusBar.root());
        nav.getSelectionModel().selectFirst();
        statusBar.start();
        maintenance.start();
    }

    public Parent root() {
        return root;
    }

    /** Shows the screen whose title key is {@code key} (e.g. "nav.rush"). */
    public void show(String key) {
        screens.stream()
                .filter(s -> s.titleKey().equals(key))
                .findFirst()
                .ifPresent(s -> nav.getSelectionModel().select(s));
    }

    /** The title key of the screen shown (e.g. "nav.audit"), or null. */
    public String shownKey() {
        return current == null ? null : current.titleKey();
    }

    /** Stops every poller; the window is being replaced or closed. */
    public void dispose() {
        if (current != null) {
            current.hidden();
        }
        statusBar.stop();
        maintenance.stop();
    }
}
