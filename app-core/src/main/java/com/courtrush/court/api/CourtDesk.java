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
        return courts.list().stream().map(CourtDesk::view).toList();
    }

    /** See {@link CourtService#get}. */
    public CourtView get(long id) {
        return view(courts.get(id));
    }

    /** See {@link CourtService#create}. */
    public CourtView create(String name) {
        return view(courts.create(name));
    }

    /** See {@link CourtService#rename}. */
    public CourtView rename(long id, String name) {
        return view(courts.rename(id, name));
    }

    /** See {@link CourtService#setActive}. */
    public CourtView setActive(long id, boolean active) {
        return view(courts.setActive(id, active));
    }

    /** The value of a row, as the desk hands it out. */
    private static CourtView view(Court court) {
        return new CourtView(court.getId(), court.getName(), Boolean.TRUE.equals(court.getActive()));
    }
}
