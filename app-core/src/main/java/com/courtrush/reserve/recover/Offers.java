package com.courtrush.reserve.recover;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.notice.Notices;
import com.courtrush.reserve.record.WaitlistMapper;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.SettingKey;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
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
 * decided — the student offered, those passed over. Used by every path a place comes back by (a release,
 * an offer declined or expired), so they offer alike.
 */
@Component
public class Offers {

    private static final Logger log = LoggerFactory.getLogger(Offers.class);

    private final SlotCatalog catalog;
    private final WaitlistMapper waitlist;
    private final AppSettings settings;
    private final CourtRushProperties properties;
    private final Clock clock;
    private final Notices notices;
    private final TransactionTemplate ownTransaction;

    Offers(
            Notices notices,
            PlatformTransactionManager transactionManager,
            SlotCatalog catalog,
            WaitlistMapper waitlist,
            AppSettings settings,
            CourtRushProperties properties,
            Clock clock) {
        this.notices = notices;
        this.ownTransaction = new TransactionTemplate(transactionManager);
        this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.catalog = catalog;
        this.waitlist = waitlist;
        this.settings = settings;
        this.properties = properties;
        this.clock = clock;
    }

    /** The terms of an offer of the slot's place; empty for a slot the catalog does not know (nothing is offered). */
    public Optional<Terms> terms(long sessionId, long slotId) {
        Optional<SessionCatalog> opening = catalog.session(sessionId);
        SlotInfo slot = opening.map(o -> o.slot(slotId)).orElse(null);
        if (slot == null) {
            return Optional.empty();
        }
        long startMs = slot.slotDate()
                .atTime(slot.startTime())
                .atZone(properties.zone())
                .toInstant()
                .toEpochMilli();
        return Optional.of(new Terms(
                settings.getPositiveInt(SettingKey.OFFER_MINUTES) * 60_000L,
                startMs,
                opening.get().session().getPerUserLimit(),
                StockKeys.expireAt(slot.slotDate(), properties.zone())));
    }

    /** The terms as a script's arguments: offer window ms, slot start ms, limit, keys' expiry. */
    public static List<Object> args(Terms terms) {
        return List.of(
                Long.toString(terms.offerMs()),
                Long.toString(terms.slotStartMs()),
                Integer.toString(terms.limit()),
                Long.toString(terms.expireAt()));
    }

    /**
     * Makes the database follow what a script did with a place ({@link Move}). A failure to write is logged:
     * Redis holds the offer, and the offer sweep or a re-sync settles the database's copy.
     */
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
                    LocalDateTime expires = LocalDateTime.ofInstant(Instant.ofEpochMilli(expiresMs), properties.zone());
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
     * @param offerMs     how long an offer is held
     * @param slotStartMs the slot's start: nothing is offered from then on, and no offer outlives it
     * @param limit       the opening's per-student limit
     * @param expireAt    epoch second the opening's keys expire
     */
    public record Terms(long offerMs, long slotStartMs, int limit, long expireAt) {
        /** For a slot the catalog does not know (deleted meanwhile): its start is "long ago", nothing is offered. */
        public static final Terms NONE = new Terms(0, 0, 0, 0);
    }

    /**
     * What a script that may offer a place did with it ({@code lua/lib/offers.lua}'s reply after its
     * outcome: the student offered or '', the offer's expiry, the students passed over), read by
     * {@link Move#read} for every script that offers (release, offer_pass, resync).
     *
     * @param offeredTo  the student offered the place; null: nobody
     * @param expiresMs  when the offer expires, epoch ms (0: none)
     * @param passedOver the students passed over, who left the line
     */
    public record Move(Long offeredTo, long expiresMs, List<Long> passedOver) {

        /** Reads {user or '', expiry, passed over...} from {@code from} on in a script's reply. */
        public static Move read(List<?> reply, int from) {
            String offered = reply.size() > from ? reply.get(from).toString() : "";
            long expiresMs = reply.size() > from + 1 ? ((Number) reply.get(from + 1)).longValue() : 0;
            List<Long> passedOver = new ArrayList<>();
            for (int i = from + 2; i < reply.size(); i++) {
                passedOver.add(Long.valueOf(reply.get(i).toString()));
            }
            return new Move(offered.isEmpty() ? null : Long.valueOf(offered), expiresMs, passedOver);
        }
    }
}
