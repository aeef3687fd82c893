package com.courtrush.desktop.checkin;

import com.courtrush.attendance.api.RunningSlot;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.till.api.DeskChannel;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * A walk-in at the desk: a running slot with a free place (left unsold, or given back by a no-show) and
 * the student's id; OK books it, the desk takes the payment shown and the booking is checked in.
 */
final class WalkInDialog {

    private WalkInDialog() {}

    static void show(Window owner, I18n i18n, CheckInViewModel model) {
        ComboBox<RunningSlot> slot = new ComboBox<>(model.running());
        slot.setId("walkInSlot");
        slot.setPromptText(i18n.t("walkIn.slotPrompt"));
        slot.setPrefWidth(380); // "20:00–21:00 · Court 1 · 1 free · ¥20.00" whole
        slot.setConverter(new StringConverter<>() {
            @Override
            public String toString(RunningSlot running) {
                return running == null ? "" : model.describe(running);
            }

            @Override
            public RunningSlot fromString(String text) {
                return null;
            }
        });
        ListChangeListener<RunningSlot> firstFree = change -> {
            if (slot.getValue() == null) {
                model.running().stream()
                        .filter(running -> running.placesLeft() > 0)
                        .findFirst()
                        .ifPresent(slot::setValue);
            }
        };
        model.running().addListener(firstFree);
        TextField studentId = new TextField();
        studentId.setId("walkInStudent");
        studentId.setPromptText(i18n.t("walkIn.studentPrompt"));
        CheckBox byCard = new CheckBox(i18n.t("board.byCard"));
        byCard.setId("walkInByCard");
        Label none = new Label(i18n.t("walkIn.none"));
        none.visibleProperty().bind(Bindings.isEmpty(model.running()));
        GridPane form = Widgets.form();
        Widgets.row(form, i18n.t("walkIn.slotLabel"), slot);
        Widgets.row(form, i18n.t("reservations.student"), studentId);
        form.add(byCard, 1, form.getRowCount());
        form.add(none, 1, form.getRowCount());
        form.add(new Label(i18n.t("walkIn.explain")), 0, form.getRowCount(), 2, 1);

        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner); // over the console; its window has the keys again once it closes
        dialog.setTitle(i18n.t("walkIn.open"));
        dialog.setHeaderText(i18n.t("walkIn.header"));
        dialog.getDialogPane().setId("walkInDialog");
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().setMinWidth(620); // the labels and the slot's line are never cut
        ButtonType ok = Widgets.okCancel(dialog, i18n);
        Node okButton = dialog.getDialogPane().lookupButton(ok);
        okButton.disableProperty()
                .bind(slot.valueProperty()
                        .isNull()
                        .or(studentId.textProperty().isEmpty())
                        .or(Bindings.createBooleanBinding(
                                () -> slot.getValue() != null && slot.getValue().placesLeft() <= 0,
                                slot.valueProperty())));
        dialog.setOnShown(event -> studentId.requestFocus());
        model.loadRunning();
        try {
            dialog.showAndWait()
                    .filter(ok::equals)
                    .ifPresent(answer -> model.walkIn(
                            slot.getValue(),
                            studentId.getText(),
                            byCard.isSelected() ? DeskChannel.CARD : DeskChannel.CASH));
        } finally {
            model.running().removeListener(firstFree); // the list outlives the dialog
        }
    }
}
