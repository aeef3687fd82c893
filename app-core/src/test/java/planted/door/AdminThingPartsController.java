package planted.door;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import planted.door.desk.ThingDesk;

/** A second controller under {@code /admin/things}: what the one-controller-per-prefix rule refuses. */
@RestController
class AdminThingPartsController {
    private final ThingDesk desk;

    AdminThingPartsController(ThingDesk desk) {
        this.desk = desk;
    }

    @GetMapping("/admin/things/{id}/parts")
    String parts(@PathVariable long id) {
        return desk.name(id);
    }
}
