package planted.door;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import planted.door.desk.ThingDesk;

/** A staff controller that uses the desk for one handler and goes round it, to the service, for another. */
@RestController
@RequestMapping("/admin/things")
class AdminThingController {
    private final ThingDesk desk;
    private final ThingService things;

    AdminThingController(ThingDesk desk, ThingService things) {
        this.desk = desk;
        this.things = things;
    }

    @GetMapping("/{id}")
    String name(@PathVariable long id) {
        return desk.name(id);
    }

    @GetMapping("/{id}/again")
    String nameAgain(@PathVariable long id) {
        return things.name(id);
    }
}
