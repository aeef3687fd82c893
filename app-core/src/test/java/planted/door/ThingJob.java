package planted.door;

import org.springframework.stereotype.Component;

/** An engine job that reaches the manager's operation round its desk: the no-other-door rule refuses it. */
@Component
class ThingJob {
    private final ThingService things;

    ThingJob(ThingService things) {
        this.things = things;
    }

    void tidy() {
        things.remove(1);
        things.name(1); // not behind a manager's operation: fine
    }
}
