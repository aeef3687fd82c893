package planted.door;

import org.springframework.stereotype.Service;

/** A feature's service: the staff door must not call it but through the desk. */
@Service
public class ThingService {
    public String name(long id) {
        return "thing " + id;
    }

    /** A record of the service's own. */
    public record Tally(int things) {}

    public Tally tally() {
        return new Tally(1);
    }

    public void remove(long id) {
        // a manager's operation: behind ThingDesk.remove
    }
}
