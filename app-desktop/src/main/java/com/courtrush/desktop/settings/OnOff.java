package com.courtrush.desktop.settings;

import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.CheckBox;

/**
 * A setting that is on or off, ticked in a box rather than typed as 1/0 or true/false: the box follows the value
 * the screen holds (and, while that is blank, the value running), and a tick writes the value the engine takes, so
 * it is saved and checked the same way as before.
 */
final class OnOff {

    private OnOff() {}

    /**
     * A box for {@code value}, which reads {@code on} or {@code off}; while it is blank (a start-up setting left to
     * its default) the box shows {@code running}, and the value stays blank until staff tick or untick it.
     */
    static CheckBox box(String id, StringProperty value, String on, String off, ObservableValue<String> running) {
        CheckBox box = new CheckBox();
        box.setId(id);
        boolean[] syncing = {false};
        Runnable show = () -> {
            syncing[0] = true;
            try {
                String shown = value.get() == null || value.get().isBlank() ? running.getValue() : value.get();
                box.setSelected(on.equals(shown == null ? "" : shown.strip()));
            } finally {
                syncing[0] = false;
            }
        };
        value.addListener((obs, old, now) -> show.run());
        running.addListener((obs, old, now) -> show.run());
        box.selectedProperty().addListener((obs, old, ticked) -> {
            if (!syncing[0]) {
                value.set(ticked ? on : off);
            }
        });
        show.run();
        return box;
    }

    /** A box for a live setting that always has a value, {@code on} or {@code off}. */
    static CheckBox box(String id, StringProperty value, String on, String off) {
        return box(id, value, on, off, value);
    }
}
