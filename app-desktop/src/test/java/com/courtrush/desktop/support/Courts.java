package com.courtrush.desktop.support;

import com.courtrush.court.Court;

/** Courts as the engine gives them, for view-model tests. */
public final class Courts {

    private Courts() {}

    public static Court court(long id, String name, boolean active) {
        Court court = new Court();
        court.setId(id);
        court.setName(name);
        court.setActive(active);
        return court;
    }
}
