package com.courtrush.desktop.ui;

import javafx.scene.Node;

/** One screen of the console. */
public interface Screen {

    /** The i18n key of its name in the navigation. */
    String titleKey();

    Node root();

    /** The screen became visible: load data, start polling. */
    default void shown() {}

    /** The screen was left: stop polling. */
    default void hidden() {}
}
