package com.courtrush.desktop.arch.fine;

import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import java.util.List;

/** A console class that uses the courts' desk and the values it gives, for {@code ConsoleRulesCatchTest}. */
public class ThroughTheDesk {
    private final CourtDesk courts;

    public ThroughTheDesk(CourtDesk courts) {
        this.courts = courts;
    }

    public List<CourtView> all() {
        return courts.list();
    }
}
