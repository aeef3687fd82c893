package com.courtrush.reserve.waitlist;

import com.courtrush.notice.Notices;
import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.Shares;
import com.courtrush.share.api.SharePlace;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a returned place's offer needs and what follows it (SPEC §16): the terms Redis offers it on (the
 * offer window, the slot's start, the opening's per-student limit), and the database following what Redis
 * decided — the student offered, those passed over. Used by every path a place comes back by (a release
 * or a re-sync in {@code reserve.recover}, through the port {@link PlaceOffers} it owns; an offer declined
 * or expired here), so they offer alike.
 */
@Component
class Offers implements PlaceOffers {

    private static final Logger log = LoggerFactory.getLogger(Offers.class);

    private final SlotCatalog catalog;
    private final WaitlistMapper waitlist;
    private final AppSettings settings;
    private final Shares shares;
    private final Clock clock;
    private final Notices notices;
    private final TransactionTemplate ownTransaction;

    Offers(
            Notices notices,
            PlatformTransactionManager transactionManager,
            SlotCatalog catalog,
            WaitlistMapper waitlist,
            AppSettings settings,
            Shares shares,
            Clock clock) {
        this.notices = notices;
        this.ownTransaction = new TransactionTemplate(transactionManager);
        this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.catalog = catalog;
        this.waitlist = waitlist;
        this.settings = settings;
        this.shares = shares;
        this.clock = clock;
    }

    @Override
    public Optional<Terms> terms(long sessionId, long slotId) {
        Optional<SessionCatalog> opening = catalog.session(sessionId);
        SlotInfo slot = opening.map(o -> o.slot(slotId)).orElse(null);
        if (slot == null) {
            return Optional.empty();
        }
        long startMs = slot.slotDate()
                .atTime(slot.startTime())
                .atZone(clock.getZone())
                .toInstant()
                .toEpochMilli();
        return Optional.of(new Terms(
                settings.getPositiveInt(SettingKey.OFFER_MINUTES) * 60_000L,
                startMs,
                opening.get().session().getPerUserLimit(),
                StockKeys.expireAt(slot.slotDate(), clock.getZone()),
                SharePlace.of(slot.slotDate(), slot.startTime(), slot.endTime(), slot.sport())
                        .arg(),
                shares.rules().arg()));
    }

    @Override
    public void followed(long slotId, Move move) {
        Long offered = move.offeredTo();
        long expiresMs = move.expiresMs();
        List<Long> skipped = move.passedOver();
        LocalDateTime now = LocalDateTime.now(clock);
        if (offered == null && skipped.isEmpty()) {
            return; // nobody waited: nothing for the database to follow
        }
        try {
            // its own transaction: the offer and its notice are written together, also when a place given back
            // after another transaction's commit is offered
            ownTransaction.executeWithoutResult(tx -> {
                for (Long user : skipped) {
                    waitlist.end(slotId, user, "SKIPPED", null, now);
                }
                if (offered != null) {
                    LocalDateTime expires = LocalDateTime.ofInstant(Instant.ofEpochMilli(expiresMs), clock.getZone());
                    long student = offered;
                    waitlist.offered(slotId, student, expires, now);
                    notices.offered(student, slotId, expires);
                    log.info("Slot {}'s returned place offered to student {} until {}", slotId, offered, expires);
                }
            });
        } catch (RuntimeException e) {
            log.error(
                    "Slot {}'s waitlist could not be updated in the database after Redis offered its place to '{}' "
                            + "(passed over: {}); Redis holds the offer",
                    slotId,
                    offered == null ? "" : offered,
                    skipped,
                    e);
        }
    }

    /**
     * The student's offer of the slot ran out and was passed on: their wait ends EXPIRED and they are told (issue
     * 55), together — once, as only one node's end finds the offer still theirs.
     */
    void lapsed(long slotId, long userId) {
        LocalDateTime now = LocalDateTime.now(clock);
        ownTransaction.executeWithoutResult(tx -> {
            if (waitlist.end(slotId, userId, "EXPIRED", null, now) == 1) {
                notices.offerLapsed(userId, slotId, now);
            }
        });
    }

    @Override
    public List<LiveOffer> liveOffers(long sessionId) {
        return waitlist.liveOffers(sessionId, LocalDateTime.now(clock));
    }

    @Override
    public List<Waiting> waiting(long sessionId) {
        return waitlist.waiting(sessionId);
    }
}
