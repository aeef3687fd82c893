package com.courtrush.desktop.arch.broken.dialog;

import javafx.scene.control.Dialog;

/** Planted for ConsoleRulesCatchTest: a dialog shown over nothing. */
final class OwnerlessDialog {

    private OwnerlessDialog() {}

    static void show() {
        Dialog<Void> dialog = new Dialog<>();
        dialog.setTitle("ownerless");
        dialog.showAndWait();
    }
}
