package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;

import com.courtrush.desktop.i18n.I18n;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** Settings → Upgrading this console: the minutes, "Tell the students", "Call it off", and what they are told. */
final class UpgradePane {

    private UpgradePane() {}

    static TitledPane of(UpgradeViewModel upgrade, I18n i18n) {
        Label lead = new Label(i18n.t("upgrade.lead"));
        lead.setWrapText(true);
        lead.setMinHeight(Region.USE_PREF_SIZE);
        TextField minutes = new TextField();
        minutes.setId("upgradeMinutes");
        minutes.setPrefColumnCount(4);
        minutes.textProperty().bindBidirectional(upgrade.minutesProperty());
        Button announce = button(i18n.t("upgrade.announce"), "announceUpgrade", upgrade::announce);
        Button callOff = button(i18n.t("upgrade.callOff"), "callOffUpgrade", upgrade::callOff);
        callOff.disableProperty().bind(upgrade.announcedProperty().not());
        Label state = new Label();
        state.setId("upgradeState");
        state.setWrapText(true);
        state.setMinHeight(Region.USE_PREF_SIZE);
        state.textProperty().bind(upgrade.stateProperty());
        TitledPane pane = new TitledPane(
                i18n.t("upgrade.title"),
                new VBox(8, lead, bar(new Label(i18n.t("upgrade.minutes")), minutes, announce, callOff), state));
        pane.setCollapsible(false);
        return pane;
    }
}
