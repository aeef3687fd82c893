package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.form;
import static com.courtrush.desktop.ui.Widgets.row;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.setting.api.SettingKey;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Settings → History kept: how long each kind is kept (live settings, saved with the others), "Sweep now" with the
 * sweep's progress and what it did, and "Compact the database now" (issue 77).
 */
final class HistoryPane {

    private HistoryPane() {}

    static TitledPane of(
            I18n i18n, Function<SettingKey, Node> liveField, HistorySweepViewModel sweep, CompactionViewModel compact) {
        javafx.scene.layout.GridPane form = form();
        for (SettingKey key : SettingsViewModel.HISTORY) {
            row(form, i18n.t("settings.key." + key.name()), liveField.apply(key));
        }
        Label hint = new Label(i18n.t("settings.historyHint"));
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        TitledPane pane = new TitledPane(
                i18n.t("settings.history"), new VBox(8, form, hint, sweepRow(i18n, sweep), compactRow(i18n, compact)));
        pane.setCollapsible(false);
        return pane;
    }

    /** "Sweep now", waiting while a sweep runs, its progress bar, and where it stands or what it did. */
    private static Node sweepRow(I18n i18n, HistorySweepViewModel sweep) {
        Button now = button(i18n.t("sweep.now"), "sweepNow", sweep::sweepNow);
        now.disableProperty().bind(sweep.runningProperty());
        ProgressBar progress = new ProgressBar();
        progress.setId("sweepProgress");
        progress.setPrefWidth(240);
        progress.progressProperty().bind(sweep.progressProperty());
        progress.visibleProperty().bind(sweep.runningProperty());
        Label state = new Label();
        state.setId("sweepState");
        state.setWrapText(true);
        state.setMinHeight(Region.USE_PREF_SIZE);
        state.textProperty().bind(sweep.stateProperty());
        return new VBox(4, bar(now, progress), state);
    }

    /** "Compact the database now", waiting while it runs, and what it did. */
    private static Node compactRow(I18n i18n, CompactionViewModel compact) {
        Button now = button(i18n.t("compact.now"), "compactNow", compact::compactNow);
        now.disableProperty().bind(compact.runningProperty());
        Label state = new Label();
        state.setId("compactState");
        state.setWrapText(true);
        state.setMinHeight(Region.USE_PREF_SIZE);
        state.textProperty().bind(compact.stateProperty());
        return new VBox(4, bar(now), state);
    }
}
