package com.courtrush.reserve.lifecycle;

import com.courtrush.partner.Partners;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.AppSettings;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/** A student's own reservations, newest first, with the deadlines that apply to each now. */
@Service
public class MyReservations {

    private static final int LIMIT = 200;

    private final MyReservationMapper reservations;
    private final ReservationDeadlines deadlines;
    private final AppSettings settings;
    private final Clock clock;
    private final Partners partners;

    MyReservations(
            Partners partners,
            MyReservationMapper reservations,
            ReservationDeadlines deadlines,
            AppSettings settings,
            Clock clock) {
        this.partners = partners;
        this.reservations = reservations;
        this.deadlines = deadlines;
        this.settings = settings;
        this.clock = clock;
    }

    public List<MyReservation> of(long userId) {
        List<MyReservation> mine = reservations.findMine(userId, LIMIT);
        LocalDateTime now = LocalDateTime.now(clock);
        for (MyReservation r : mine) {
            r.setPriceCents(settings.priceCents(r.getPriceCents()));
            if (r.getStatus() == ReservationStatus.PENDING_PAYMENT) {
                r.setPayBy(deadlines.payBy(r.getCreateTime()));
                r.setSecondsToPay(
                        Math.max(0, Duration.between(now, r.getPayBy()).toSeconds()));
            } else if (r.getStatus() == ReservationStatus.CONFIRMED) {
                r.setRefundUntil(deadlines.refundUntil(r.getSlotDate(), r.getStartTime()));
                r.setRefundOpen(now.isBefore(r.getRefundUntil()));
            }
        }
        Map<Long, List<Partners.Partner>> named = partners.ofBookings(mine.stream()
                .filter(r -> r.getStatus() == ReservationStatus.PENDING_PAYMENT
                        || r.getStatus() == ReservationStatus.CONFIRMED)
                .map(MyReservation::getReservationId)
                .toList());
        mine.forEach(r -> r.setPartners(named.getOrDefault(r.getReservationId(), List.of())));
        return mine;
    }
}
