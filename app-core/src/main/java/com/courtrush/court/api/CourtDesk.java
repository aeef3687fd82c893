package com.courtrush.court.api;

import com.courtrush.court.Court;
import com.courtrush.court.CourtService;
import java.util.List;
import org.springframework.stereotype.Component;

/** What the staff console does with courts: list, create, rename, take out of or back into service. */
@Component
public class CourtDesk {

    private final CourtService courts;

    public CourtDesk(CourtService courts) {
        this.courts = courts;
    }

    /** See {@link CourtService#list}. */
    public List<Court> list() {
        return courts.list();
    }

    /** See {@link CourtService#create}. */
    public Court create(String name) {
        return courts.create(name);
    }

    /** See {@link CourtService#rename}. */
    public Court rename(long id, String name) {
        return courts.rename(id, name);
    }

    /** See {@link CourtService#setActive}. */
    public Court setActive(long id, boolean active) {
        return courts.setActive(id, active);
    }
}
