package planted.door.desk;

import org.springframework.stereotype.Component;
import planted.door.ThingService;
import planted.door.api.ThingPage;
import planted.door.api.ThingView;

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

    /** A manager's operation, declared on the desk. */
    @com.courtrush.account.ManagerOnly
    public void remove(long id, com.courtrush.account.api.Caller by) {
        things.remove(id);
    }

    public ThingView view(long id) {
        return new ThingView(id, things.name(id));
    }

    /** A record nested in the service: the engine's own shape, which the values rule refuses too. */
    public ThingService.Tally tally() {
        return things.tally();
    }

    public ThingPage page() {
        return new ThingPage(java.util.List.of(row(1)), 1);
    }

    /** Hands out the row itself: what the values rule refuses. */
    public planted.door.ThingRow row(long id) {
        planted.door.ThingRow row = new planted.door.ThingRow();
        row.setId(id);
        row.setName(things.name(id));
        return row;
    }
}
