package com.courtrush.reserve.waitlist;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.recover.OpeningRebuilds;
import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A student's waits (SPEC §16): join a sold-out slot's line (at most {@code WAITLIST_PER_SLOT} in it,
 * {@code WAITS_PER_STUDENT} waits per student; blocked students and those at the opening's limit may
 * not), leave it, see the place in line or the offer, decline an offer (the place goes to the next).
 */
@Service
public class Waitlists {

    private final SlotCatalog catalog;
    private final TimeSlotMapper slots;
    private final WaitlistScripts scripts;
    private final WaitlistMapper waitlist;
    private final MyWaitMapper mine;
    private final ReservationMapper reservations;
    private final Offers offers;
    private final SoldOutFlags soldOut;
    private final OpeningRebuilds rebuilds;
    private final AppSettings settings;
    private final TransactionTemplate transactions;
    private final Clock clock;

    Waitlists(
            SlotCatalog catalog,
            TimeSlotMapper slots,
            WaitlistScripts scripts,
            WaitlistMapper waitlist,
            MyWaitMapper mine,
            ReservationMapper reservations,
            Offers offers,
            SoldOutFlags soldOut,
            OpeningRebuilds rebuilds,
            AppSettings settings,
            TransactionTemplate transactions,
            Clock clock) {
        this.catalog = catalog;
        this.slots = slots;
        this.scripts = scripts;
        this.waitlist = waitlist;
        this.mine = mine;
        this.reservations = reservations;
        this.offers = offers;
        this.soldOut = soldOut;
        this.rebuilds = rebuilds;
        this.settings = settings;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Joins the slot's line; the place in it (1 = next). */
    public Joined join(long userId, long sessionId, long slotId) {
        SessionCatalog opening = catalog.session(sessionId)
                .orElseThrow(() -> CourtRushException.badRequest("opening.notFound", sessionId));
        SlotInfo slot = opening.slot(slotId);
        if (slot == null || !slot.active()) {
            throw CourtRushException.badRequest("reserve.slotNotInOpening", slotId, sessionId);
        }
        if (slot.startedBy(LocalDateTime.now(clock))) {
            throw new CourtRushException(Outcome.UNGATED, "reserve.started").withData(Map.of("secondsToOpen", -1));
        }
        PlaceOffers.Terms terms = offers.terms(sessionId, slotId).orElseThrow();
        int perStudent = settings.getPositiveInt(SettingKey.WAITS_PER_STUDENT);
        int perSlot = settings.getPositiveInt(SettingKey.WAITLIST_PER_SLOT);
        return transactions.execute(tx -> {
            // a student's joins take turns: the bound over every opening counts each
            reservations.lockStudents(List.of(userId));
            if (waitlist.liveWaits(userId) >= perStudent) {
                throw CourtRushException.conflict("waitlist.tooMany", perStudent);
            }
            WaitJoinCall.Reply reply = scripts.join(sessionId, slotId, userId, perSlot, terms);
            long value = reply.value();
            return switch (reply.outcome()) {
                case WAITING -> {
                    try {
                        waitlist.join(sessionId, slotId, userId, LocalDateTime.now(clock));
                    } catch (DuplicateKeyException already) {
                        // in the line already: its place is what Redis said
                    } catch (RuntimeException e) {
                        // a wait this call added goes with the row that failed; one held before stays
                        if (reply.added()) {
                            scripts.leave(sessionId, slotId, userId);
                        }
                        throw e;
                    }
                    yield new Joined(slotId, value);
                }
                case BLOCKED -> throw Blocks.refusal(Instant.ofEpochMilli(value), clock.getZone());
                case DUP_REQ -> throw new CourtRushException(Outcome.DUP_REQ, "reserve.duplicate");
                case OFFERED -> throw CourtRushException.conflict("waitlist.offeredAlready");
                case QUOTA_EXCEEDED -> throw new CourtRushException(Outcome.QUOTA_EXCEEDED, "reserve.quota", value);
                case ON_SALE -> throw CourtRushException.conflict("waitlist.onSale", value);
                case FULL -> throw CourtRushException.conflict("waitlist.full", value);
                case COLD -> {
                    rebuilds.request(sessionId);
                    throw CourtRushException.unavailable(null, "reserve.rebuilding")
                            .withRetryAfter(OpeningRebuilds.RETRY_AFTER);
                }
            };
        });
    }

    /**
     * Leaves the slot's line (or declines its offer); whether the student was waiting. A wait the database
     * still has but Redis lost (it lost the opening) ends too, so it never counts against the student's bound.
     */
    public boolean leave(long userId, long slotId) {
        long sessionId = sessionOf(slotId);
        boolean inLine = scripts.leave(sessionId, slotId, userId);
        if (!inLine && pass(sessionId, slotId, userId, false)) {
            return true;
        }
        return waitlist.end(slotId, userId, "LEFT", null, LocalDateTime.now(clock)) > 0 || inLine;
    }

    /** Declines the slot's offer: the place goes to the next student waiting, or back on sale. */
    public void decline(long userId, long slotId) {
        if (!pass(sessionOf(slotId), slotId, userId, false)) {
            throw CourtRushException.conflict("waitlist.noOffer", slotId);
        }
    }

    /**
     * The student's live waits with the place in line or the offer's time left. An offer is read from Redis, which
     * decides offers, with Redis's clock: one that has ended there (passed on, or due to be by the sweep after a
     * crash) is not shown as still open, whatever the database row says until the sweep catches up.
     */
    public List<MyWait> of(long userId) {
        List<MyWait> shown = new ArrayList<>();
        for (MyWait wait : mine.mine(userId)) {
            if ("OFFERED".equals(wait.getStatus())) {
                // by Redis's clock, which stamped the offer's end: this node's own may run fast or slow
                OfferLeftCall.Reply left = scripts.offerLeft(wait.getSessionId(), wait.getSlotId(), userId);
                if (!left.open()) {
                    continue;
                }
                wait.setOfferExpires(LocalDateTime.ofInstant(Instant.ofEpochMilli(left.endsMs()), clock.getZone()));
                wait.setSecondsToAccept(left.secondsLeft());
            } else {
                wait.setPosition(scripts.position(wait.getSessionId(), wait.getSlotId(), userId));
            }
            shown.add(wait);
        }
        return shown;
    }

    /**
     * Passes the student's offer of the slot on: declined, or ({@code expire}) only if its time has come.
     * Whether there was one to pass.
     */
    boolean pass(long sessionId, long slotId, long userId, boolean expire) {
        PlaceOffers.Terms terms = offers.terms(sessionId, slotId).orElse(PlaceOffers.Terms.NONE);
        OfferPassCall.Reply reply = scripts.pass(sessionId, slotId, userId, terms, expire);
        offers.followed(slotId, reply.move());
        return switch (reply.outcome()) {
            case OFFERED, ON_SALE -> {
                if (expire) {
                    offers.lapsed(slotId, userId);
                } else {
                    waitlist.end(slotId, userId, "DECLINED", null, LocalDateTime.now(clock));
                }
                if (reply.outcome() == OfferPassCall.Outcome.ON_SALE) {
                    soldOut.released(slotId);
                }
                yield true;
            }
            case NO_OFFER, NOT_DUE -> false;
        };
    }

    private long sessionOf(long slotId) {
        TimeSlot slot = slots.selectById(slotId);
        if (slot == null) {
            throw CourtRushException.notFound("slot.notFound", slotId);
        }
        return slot.getSessionId();
    }

    /** A wait joined: the slot and the place in its line (1 = next). */
    public record Joined(long slotId, long position) {}
}
