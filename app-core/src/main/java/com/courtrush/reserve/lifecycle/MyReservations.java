package com.courtrush.reserve.lifecycle;

import com.courtrush.core.CourtRushException;
import com.courtrush.partner.Partners;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.AppSettings;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * A student's own reservations with the deadlines that apply to each now (SPEC §8, §20): the upcoming ones and those
 * of the last {@link #RECENT_DAYS} days, the next game first — what "my bookings" shows on every visit — and the
 * older ones a page at a time, latest play date first.
 */
@Service
public class MyReservations {

    /** Play dates this many days back count as recent. */
    public static final int RECENT_DAYS = 30;
    /** The most history one page holds. */
    public static final int MOST_PER_PAGE = 50;
    /** A guard on the recent list (a student books at most a few places a day). */
    private static final int MOST_RECENT = 200;

    private final MyReservationMapper reservations;
    private final ReservationDeadlines deadlines;
    private final AppSettings settings;
    private final Clock clock;
    private final Partners partners;
    private final MoneyOfBookings money;

    MyReservations(
            Partners partners,
            MyReservationMapper reservations,
            ReservationDeadlines deadlines,
            AppSettings settings,
            Clock clock,
            MoneyOfBookings money) {
        this.partners = partners;
        this.money = money;
        this.reservations = reservations;
        this.deadlines = deadlines;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The student's upcoming bookings and those of the last {@link #RECENT_DAYS} days, with the bookings of others they
     * accepted being a partner on (marked so, with the booker's name), in the order of {@link #nextGameFirst}.
     */
    public List<MyReservation> of(long userId) {
        LocalDate from = recentFrom();
        List<MyReservation> mine = new ArrayList<>(reservations.findFrom(userId, from, MOST_RECENT));
        mine.addAll(reservations.partnerFrom(userId, from, MOST_RECENT));
        mine.sort(nextGameFirst(LocalDateTime.now(clock)));
        return completed(mine.size() > MOST_RECENT ? new ArrayList<>(mine.subList(0, MOST_RECENT)) : mine);
    }

    /**
     * "Upcoming first" (SPEC §20), as a student reads a list of games: those not over at {@code now} (one being played
     * included) soonest first — the next game on top — then those played, the latest first. It was newest booking
     * first, which put the game starting in three minutes below one booked later for next week (issue 75).
     */
    static Comparator<MyReservation> nextGameFirst(LocalDateTime now) {
        Comparator<MyReservation> byPlay = Comparator.comparing(MyReservation::getSlotDate)
                .thenComparing(MyReservation::getStartTime)
                .thenComparing(MyReservation::getReservationId);
        return Comparator.comparing((MyReservation r) -> !notOver(r, now))
                .thenComparing((a, b) -> notOver(a, now) ? byPlay.compare(a, b) : byPlay.compare(b, a));
    }

    private static boolean notOver(MyReservation r, LocalDateTime now) {
        return r.getSlotDate().atTime(r.getEndTime()).isAfter(now);
    }

    /**
     * The student's bookings played before the recent ones, with those of others they accepted being a partner on
     * (as {@link #of} has them), latest play date first: {@code size} of them after the booking {@code before} (null:
     * from the latest). A {@code before} that is neither theirs nor one they play on as a partner is refused (404).
     */
    public List<MyReservation> history(long userId, Long before, int size) {
        if (size < 1 || size > MOST_PER_PAGE) {
            throw CourtRushException.badRequest("common.badPage", MOST_PER_PAGE);
        }
        LocalDate afterDate = null;
        if (before != null) {
            MyReservationMapper.Played played = reservations.played(before);
            if (played == null || (played.userId() != userId && reservations.acceptedPartner(before, userId) == 0)) {
                throw CourtRushException.notFound("reservation.notFound", before);
            }
            afterDate = played.slotDate();
        }
        LocalDate until = recentFrom();
        List<MyReservation> page = new ArrayList<>(reservations.findBefore(userId, until, afterDate, before, size));
        page.addAll(reservations.partnerBefore(userId, until, afterDate, before, size));
        page.sort(Comparator.comparing(MyReservation::getSlotDate)
                .thenComparing(MyReservation::getReservationId)
                .reversed());
        return completed(page.size() > size ? new ArrayList<>(page.subList(0, size)) : page);
    }

    private LocalDate recentFrom() {
        return LocalDate.now(clock).minusDays(RECENT_DAYS);
    }

    private List<MyReservation> completed(List<MyReservation> mine) {
        LocalDateTime now = LocalDateTime.now(clock);
        for (MyReservation r : mine) {
            r.setPriceCents(settings.priceCents(r.getPriceCents()));
            LocalDateTime given = r.getPayBy(); // the deadline kept with the booking (issue 74); shown while unpaid
            r.setPayBy(null);
            if (r.isAsPartner()) {
                continue; // paying, cancelling and refunding are the booker's: no deadline of theirs to show
            }
            if (r.getStatus() == ReservationStatus.PENDING_PAYMENT) {
                r.setPayBy(deadlines.payBy(given, r.getCreateTime(), r.getSlotDate(), r.getStartTime()));
                r.setSecondsToPay(
                        Math.max(0, Duration.between(now, r.getPayBy()).toSeconds()));
            } else if (r.getStatus() == ReservationStatus.CONFIRMED) {
                r.setRefundUntil(deadlines.refundUntil(r.getSlotDate(), r.getStartTime()));
                // checked in, the game is being played: only the desk refunds it
                r.setRefundOpen(now.isBefore(r.getRefundUntil()) && r.getCheckedInTime() == null);
            }
        }
        Map<Long, List<Partners.Partner>> named = partners.ofBookings(mine.stream()
                .filter(r -> r.getStatus() == ReservationStatus.PENDING_PAYMENT
                        || r.getStatus() == ReservationStatus.CONFIRMED)
                .map(MyReservation::getReservationId)
                .toList());
        mine.forEach(r -> r.setPartners(named.getOrDefault(r.getReservationId(), List.of())));
        // the booker's money: a partner's card says nothing of it
        Map<Long, BookingMoney> paid = money.of(mine.stream()
                .filter(r -> !r.isAsPartner())
                .map(MyReservation::getReservationId)
                .toList());
        mine.forEach(r -> r.setMoney(paid.get(r.getReservationId())));
        return mine;
    }
}
