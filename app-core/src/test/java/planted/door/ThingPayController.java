package planted.door;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A controller for students with one staff-only handler among theirs (as {@code /pay/wechat/mock-success} is in
 * {@code PayController}), which goes round the desk to the service.
 */
@RestController
@RequestMapping("/things")
class ThingPayController {
    private final ThingService things;

    ThingPayController(ThingService things) {
        this.things = things;
    }

    @PostMapping("/{id}/buy")
    String buy(@PathVariable long id) {
        return things.name(id);
    }

    @PostMapping("/mock-paid/{id}")
    String markPaid(@PathVariable long id) {
        return things.name(id);
    }
}
