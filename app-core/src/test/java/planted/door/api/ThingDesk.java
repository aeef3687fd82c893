package planted.door.api;

import org.springframework.stereotype.Component;
import planted.door.ThingService;

/** The feature's desk, the one door both the API and the console should use. */
@Component
public class ThingDesk {
    private final ThingService things;

    public ThingDesk(ThingService things) {
        this.things = things;
    }

    public String name(long id) {
        return things.name(id);
    }

    /** Hands out the row itself: what the values rule refuses. */
    public planted.door.ThingRow row(long id) {
        planted.door.ThingRow row = new planted.door.ThingRow();
        row.setId(id);
        row.setName(things.name(id));
        return row;
    }
}
