package com.courtrush.court.api;

import com.courtrush.court.Court;
import com.courtrush.court.CourtService;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What the staff console and the API do with courts: list, create, rename, take out of or back into service; each
 * change audited as the {@code actor} who made it (as {@code Caller#actor} names them).
 */
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
    public CourtView create(String name, String actor) {
        return courts.create(name, actor).view();
    }

    /** See {@link CourtService#rename}. */
    public CourtView rename(long id, String name, String actor) {
        return courts.rename(id, name, actor).view();
    }

    /** See {@link CourtService#setActive}. */
    public CourtView setActive(long id, boolean active, String actor) {
        return courts.setActive(id, active, actor).view();
    }
}
