package com.courtrush.desktop.arch.broken.values;

import com.courtrush.court.Court;
import com.courtrush.court.desk.CourtDesk;

/** A console class that goes through the courts' desk but names the engine's row: the values rule refuses it. */
public class HoldsTheRow {
    private final CourtDesk courts;

    public HoldsTheRow(CourtDesk courts) {
        this.courts = courts;
    }

    public Court first() {
        Court row = new Court();
        row.setName(courts.list().get(0).courtName());
        return row;
    }
}
