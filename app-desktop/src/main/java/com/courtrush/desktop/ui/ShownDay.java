package com.courtrush.desktop.ui;

import java.time.LocalDate;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The day a desk screen shows: it starts on the gym's today and stays on today as midnight passes, until staff turn it
 * to another day. A console left open overnight shows the new day's bookings in the morning, not yesterday's.
 */
public final class ShownDay {

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>();
    private final Supplier<LocalDate> today;
    /** The gym's today when the screen last looked. */
    private LocalDate todaySeen;

    public ShownDay(Supplier<LocalDate> today) {
        this.today = today;
        todaySeen = today.get();
        date.set(todaySeen);
    }

    /**
     * The day to read now. When a day has begun since the screen last looked and the screen showed the day that ended,
     * it moves on to the new one first (listeners of {@link #property()} hear it); a day staff chose stays.
     */
    public LocalDate toRead() {
        LocalDate now = today.get();
        if (!now.equals(todaySeen)) {
            LocalDate ended = todaySeen;
            todaySeen = now;
            if (ended.equals(date.get())) {
                date.set(now);
            }
        }
        return date.get();
    }

    /** The gym's today. */
    public LocalDate today() {
        return today.get();
    }

    public ObjectProperty<LocalDate> property() {
        return date;
    }
}
