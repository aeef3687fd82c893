package com.courtrush.reserve.lifecycle;

import com.courtrush.infra.config.AfterTransaction;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.recover.PlaceReturns;
import com.courtrush.slot.TimeSlotMapper;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The one way an active reservation ends — cancel, staff cancel, payment timeout, refund. In the
 * caller's transaction: compare-and-set of the status, the slot's place back in the database
 * ({@code booked − 1}), the end hooks (pay orders closed). After that transaction commits and has given its
 * connection back ({@link AfterTransaction}), and only if this call changed the row: the Redis place back through
 * {@link PlaceReturns} ({@code recover.StockReleaser}).
 */
@Component
public class ReservationEnder {

    private static final Logger log = LoggerFactory.getLogger(ReservationEnder.class);

    private final ReservationMapper reservations;
    private final TimeSlotMapper slots;
    private final PlaceReturns releaser;
    private final List<ReservationEndHook> hooks;
    private final Clock clock;

    ReservationEnder(
            ReservationMapper reservations,
            TimeSlotMapper slots,
            PlaceReturns releaser,
            List<ReservationEndHook> hooks,
            Clock clock) {
        this.reservations = reservations;
        this.slots = slots;
        this.releaser = releaser;
        this.hooks = hooks;
        this.clock = clock;
    }

    /**
     * Ends {@code reservation} if it is still {@code expected}; call it with the row locked
     * ({@link ReservationMapper#lockById}) inside a transaction. Returns whether this call ended it.
     */
    public boolean end(Reservation reservation, ReservationStatus expected, CancelReason reason, String note) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("A reservation can only be ended inside a transaction");
        }
        String trimmed = note == null ? null : note.length() > 255 ? note.substring(0, 255) : note;
        LocalDateTime now = LocalDateTime.now(clock);
        if (reservations.cancel(reservation.getId(), expected, reason, trimmed, now) != 1) {
            return false;
        }
        if (slots.givePlaceBack(reservation.getSlotId(), now) != 1) {
            log.error(
                    "Slot {} had no booked place to give back when reservation {} ended; re-sync its opening",
                    reservation.getSlotId(),
                    reservation.getId());
        }
        for (ReservationEndHook hook : hooks) {
            hook.onEnded(reservation, reason, trimmed);
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                // once the connection is back: the place may be offered, and the offer written, in a transaction
                // of its own
                AfterTransaction.run(() -> releaseAfterCommit(reservation, reason));
            }
        });
        return true;
    }

    private void releaseAfterCommit(Reservation reservation, CancelReason reason) {
        try {
            releaser.ended(
                    reservation.getSessionId(),
                    reservation.getSlotId(),
                    reservation.getUserId(),
                    reservation.getId(),
                    reason == CancelReason.NO_SHOW);
        } catch (RuntimeException e) {
            log.error(
                    "Reservation {} ended but its place could not be returned to Redis; slot {} under-sells "
                            + "until opening {} is re-synced",
                    reservation.getId(),
                    reservation.getSlotId(),
                    reservation.getSessionId(),
                    e);
        }
    }
}
