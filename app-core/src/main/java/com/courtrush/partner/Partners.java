package com.courtrush.partner;

import com.courtrush.core.Blocked;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.core.Texts;
import com.courtrush.notice.Notices;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.Shares;
import com.courtrush.share.api.SharePlace;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Partners on a booking (SPEC §17). The booker names a student id; if it is an active student's, that student is
 * told (a notice) and accepts or declines — the booker is told either way. The booker sees the id as typed and
 * "invited" until it is accepted, and then the partner's name: naming an id that has no account looks the same,
 * so it reveals no more than signing in does. Accepting is refused past the partner's fair share (SPEC §16: the
 * day, the week, one place at a time), counted under a lock on the partner, so accepting several at once never
 * goes past it, and taken in Redis too, where places granted and not yet recorded count.
 */
@Service
public class Partners {

    static final String INVITED = "INVITED";
    static final String ACCEPTED = "ACCEPTED";
    static final String DECLINED = "DECLINED";
    static final String WITHDRAWN = "WITHDRAWN";

    /** Times one booking may ask the same student in all: the first and two more after a decline or withdrawal. */
    static final int MOST_ASKS = 3;
    /** Invitations one booker may send in {@link #INVITE_WINDOW}. */
    static final int INVITES_PER_DAY = 20;

    static final Duration INVITE_WINDOW = Duration.ofHours(24);

    private final PartnerMapper mapper;
    private final Notices notices;
    private final AppSettings settings;
    private final Shares shares;
    private final TransactionTemplate transactions;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    Partners(
            PartnerMapper mapper,
            Notices notices,
            AppSettings settings,
            Shares shares,
            TransactionTemplate transactions,
            ApplicationEventPublisher events,
            Clock clock) {
        this.shares = shares;
        this.events = events;
        this.mapper = mapper;
        this.notices = notices;
        this.settings = settings;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * The booker names a partner by student id; answers the booking's partners. Naming a student already invited
     * or playing changes nothing (no second notice); one who declined or was withdrawn may be asked again up to
     * {@link #MOST_ASKS} times in all; a booker sends {@link #INVITES_PER_DAY} invitations a day at most. So no
     * student can make the engine spam another.
     */
    public List<Partner> name(long bookerId, long reservationId, String studentId) {
        String named = studentId == null ? "" : studentId.strip();
        transactions.executeWithoutResult(tx -> {
            // the booker's own row, first (what is read next is then what others committed): their namings go one
            // at a time, so a booking never has more than the most partners
            mapper.lockStudent(bookerId);
            PartnerMapper.Booking booking = ownActive(bookerId, reservationId); // someone else's: 404 first
            if (named.isEmpty() || named.length() > 32 || !Texts.isPlain(named)) {
                throw CourtRushException.badRequest("partner.studentId");
            }
            Long partner = mapper.student(named);
            if (partner != null && partner == booking.userId()) {
                throw CourtRushException.badRequest("partner.self");
            }
            PartnerMapper.Row before = mapper.named(reservationId, named);
            if (before != null && (INVITED.equals(before.status()) || ACCEPTED.equals(before.status()))) {
                return; // named already: nothing changes, nobody is told twice
            }
            if (before != null && before.asks() >= MOST_ASKS) {
                throw CourtRushException.conflict("partner.askedEnough", named, MOST_ASKS);
            }
            int most = settings.getInt(SettingKey.PARTNERS_PER_BOOKING, 0);
            if (mapper.standing(reservationId) >= most) {
                throw CourtRushException.conflict("partner.tooMany", most);
            }
            LocalDateTime now = LocalDateTime.now(clock);
            PartnerMapper.Asked asked = mapper.askedSince(bookerId, now.minus(INVITE_WINDOW));
            if (asked.asks() >= INVITES_PER_DAY) {
                // until the earliest of them leaves the window
                Duration wait = Duration.between(now, asked.earliest().plus(INVITE_WINDOW));
                throw new CourtRushException(Outcome.TOO_MANY_REQUESTS, "partner.tooManyInvites", INVITES_PER_DAY)
                        .withRetryAfter(wait.isNegative() ? Duration.ofSeconds(1) : wait);
            }
            mapper.invite(reservationId, named, partner, now);
            if (partner != null) {
                PartnerMapper.Row row = mapper.named(reservationId, named);
                notices.partnerInvited(
                        partner, reservationId, booking.slotId(), row.id(), row.asks(), mapper.name(booking.userId()));
            }
        });
        return of(reservationId);
    }

    /** The booker takes a name back (invited or accepted). */
    public List<Partner> withdraw(long bookerId, long reservationId, long partnerId) {
        transactions.executeWithoutResult(tx -> {
            ownActive(bookerId, reservationId);
            PartnerMapper.Row row = mapper.lock(partnerId);
            if (row == null || row.reservationId() != reservationId) {
                throw CourtRushException.notFound("partner.notFound", partnerId);
            }
            mapper.answer(partnerId, row.status(), WITHDRAWN, LocalDateTime.now(clock));
            if (ACCEPTED.equals(row.status()) && row.partnerUserId() != null) {
                // the partner's share is free again, in every opening, once this has committed
                long partner = row.partnerUserId();
                TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                    @Override
                    public void afterCommit() {
                        shares.withdrawn(partner, reservationId);
                    }
                });
            }
        });
        return of(reservationId);
    }

    /**
     * The named student accepts (within the day's cap) or declines; the booker is told. An accepted partner sees the
     * game as their own (My bookings, calendar, check-in) and leaves that slot's waitlist. Once accepted, only the
     * booker takes the name back: there is no leaving after accepting.
     */
    public Partner answer(long userId, long partnerId, boolean accept) {
        return transactions.execute(tx -> {
            mapper.lockStudent(userId); // this student's accepts, one at a time: the day's count holds
            PartnerMapper.Row row = mapper.lock(partnerId);
            if (row == null || row.partnerUserId() == null || row.partnerUserId() != userId) {
                throw CourtRushException.notFound("partner.notFound", partnerId);
            }
            if (!INVITED.equals(row.status())) {
                throw CourtRushException.conflict("partner.answered", row.status());
            }
            PartnerMapper.Booking booking = mapper.booking(row.reservationId());
            LocalDateTime now = LocalDateTime.now(clock);
            if (booking == null
                    || !booking.active()
                    || !now.isBefore(booking.slotDate().atTime(booking.endTime()))) {
                throw CourtRushException.conflict("partner.bookingEnded");
            }
            if (accept) {
                // a block applies to a partner as to a booker (SPEC §17): it is the same game
                LocalDateTime blockedUntil = mapper.blockedUntil(userId);
                if (blockedUntil != null && blockedUntil.isAfter(now)) {
                    throw Blocked.refusal(blockedUntil);
                }
                // the fair share (SPEC §16): the database's count under the lock on this student, then Redis's
                // copy in the booking's opening, which also knows of places granted and not yet recorded
                Shares.Place place = Shares.Place.partner(
                        userId,
                        booking.sessionId(),
                        booking.slotId(),
                        booking.reservationId(),
                        SharePlace.of(booking.slotDate(), booking.startTime(), booking.endTime(), booking.sport()));
                try {
                    shares.guard(List.of(place));
                } catch (Shares.PastShare past) {
                    throw past.answer();
                }
                if (shares.takeAsPartner(place)) {
                    TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                        @Override
                        public void afterCompletion(int status) {
                            if (status == STATUS_COMMITTED) {
                                shares.accepted(place);
                            } else {
                                shares.untake(place);
                            }
                        }
                    });
                }
            }
            mapper.answer(partnerId, INVITED, accept ? ACCEPTED : DECLINED, now);
            String name = accept ? mapper.name(userId) : null;
            if (accept) {
                // once committed, a wait or an offer of this slot of theirs ends: they play it already
                events.publishEvent(new PartnerAccepted(userId, row.reservationId(), booking.slotId()));
                notices.partnerAccepted(
                        booking.userId(), row.reservationId(), booking.slotId(), partnerId, row.asks(), name);
            } else {
                notices.partnerDeclined(
                        booking.userId(),
                        row.reservationId(),
                        booking.slotId(),
                        partnerId,
                        row.asks(),
                        row.partnerStudentId());
            }
            return new Partner(
                    partnerId, row.reservationId(), row.partnerStudentId(), accept ? ACCEPTED : DECLINED, name);
        });
    }

    /** The partners named on a booking (invited or accepted). */
    public List<Partner> of(long reservationId) {
        return mapper.ofBookings(List.of(reservationId));
    }

    /** The partners of several bookings, by booking ("my bookings"). */
    public Map<Long, List<Partner>> ofBookings(List<Long> reservationIds) {
        if (reservationIds.isEmpty()) {
            return Map.of();
        }
        return mapper.ofBookings(reservationIds).stream().collect(Collectors.groupingBy(Partner::reservationId));
    }

    /** The invitations waiting for this student's answer. */
    public List<Invitation> invitations(long userId) {
        return mapper.invitations(userId, LocalDate.now(clock));
    }

    private PartnerMapper.Booking ownActive(long bookerId, long reservationId) {
        PartnerMapper.Booking booking = mapper.booking(reservationId);
        if (booking == null || booking.userId() != bookerId) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        if (!booking.active()
                || !LocalDateTime.now(clock).isBefore(booking.slotDate().atTime(booking.startTime()))) {
            throw CourtRushException.conflict("partner.bookingEnded");
        }
        return booking;
    }

    /**
     * A partner as the booker sees them: the student id as typed, INVITED or ACCEPTED, and the name once
     * accepted.
     */
    public record Partner(long id, long reservationId, String studentId, String status, String name) {}

    /** An invitation as the named student sees it: whose booking, which court and when. */
    public record Invitation(
            long id,
            long reservationId,
            String bookerStudentId,
            String bookerName,
            LocalDate slotDate,
            @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            String courtName) {}
}
