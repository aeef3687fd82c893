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
    public List<CourtView> list() {
        return courts.list().stream().map(Court::view).toList();
    }

    /** See {@link CourtService#get}. */
    public CourtView get(long id) {
        return courts.get(id).view();
    }

    /** See {@link CourtService#create}. */
    public CourtView create(String name) {
        return courts.create(name).view();
    }

    /** See {@link CourtService#rename}. */
    public CourtView rename(long id, String name) {
        return courts.rename(id, name).view();
    }

    /** See {@link CourtService#setActive}. */
    public CourtView setActive(long id, boolean active) {
        return courts.setActive(id, active).view();
    }
}
