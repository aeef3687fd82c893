package planted.door;

import org.springframework.stereotype.Service;

/** A feature's service: the staff door must not call it but through the desk. */
@Service
public class ThingService {
    public String name(long id) {
        return "thing " + id;
    }

    public void remove(long id) {
        // a manager's operation: behind ThingDesk.remove
    }
}
