package com.courtrush.desktop.arch.broken.inside;

import com.courtrush.court.CourtService;

/** A console class that takes an engine service instead of its desk, for {@code ConsoleRulesCatchTest}. */
public class ReachesIn {
    private final CourtService courts;

    public ReachesIn(CourtService courts) {
        this.courts = courts;
    }

    public int count() {
        return courts.list().size();
    }
}
