package com.courtrush.reserve.waitlist;

import com.courtrush.partner.PartnerAccepted;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * A partner who accepted plays the slot already (issue 55): their wait for it ends, and an offer of it held for them
 * is passed on to the next student waiting (or the place goes back on sale), as if they had left the line. After the
 * acceptance commits, through {@link Waitlists#leave}: the same scripts as the student's own "leave", nothing new on
 * the reserve path; a student not waiting for that slot costs one read of their own waits.
 */
@Component
class PartnerWaits {

    private static final Logger log = LoggerFactory.getLogger(PartnerWaits.class);

    private final Waitlists waitlists;
    private final MyWaitMapper mine;

    PartnerWaits(Waitlists waitlists, MyWaitMapper mine) {
        this.waitlists = waitlists;
        this.mine = mine;
    }

    @TransactionalEventListener
    void accepted(PartnerAccepted accepted) {
        if (mine.mine(accepted.userId()).stream().noneMatch(w -> w.getSlotId() == accepted.slotId())) {
            return;
        }
        try {
            waitlists.leave(accepted.userId(), accepted.slotId());
        } catch (RuntimeException e) {
            // the acceptance stands; the wait stays until the student leaves it or the slot starts
            log.warn(
                    "Student {} accepted being a partner on booking {} but could not be taken off slot {}'s waitlist",
                    accepted.userId(),
                    accepted.reservationId(),
                    accepted.slotId(),
                    e);
        }
    }
}
