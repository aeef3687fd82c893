package com.courtrush.desktop.support;

import com.courtrush.court.api.CourtView;

/** Courts as the engine gives them, for view-model tests. */
public final class Courts {

    private Courts() {}

    public static CourtView court(long id, String name, boolean active) {
        return new CourtView(id, name, active);
    }
}
