package com.courtrush.reserve.recover;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The waitlist's side of a place that comes back (SPEC §16), as recovery needs it: the terms Redis offers a
 * returned place on, the database following what a script did with it, and the offers and lines the database
 * holds for a re-sync. Implemented by {@code reserve.waitlist.Offers}; it lives here, with the release and the
 * re-sync that call it, because recovery sits below the waitlist in the engine's order and may not depend on it.
 * The offer itself is decided in the same script as the release ({@code lua/release.lua},
 * {@code lua/resync.lua} with {@code lua/lib/offers.lua}); only what surrounds it goes through this.
 */
public interface PlaceOffers {

    /** The terms of an offer of the slot's place; empty for a slot the catalog does not know (nothing is offered). */
    Optional<Terms> terms(long sessionId, long slotId);

    /**
     * Makes the database follow what a script did with a place ({@link Move}); opens no transaction when nobody
     * waited. A failure to write is logged: Redis holds the offer, and the offer sweep or a re-sync settles it.
     */
    void followed(long slotId, Move move);

    /** The opening's offers the database holds as live and not expired: what a re-sync puts back if Redis lost them. */
    List<LiveOffer> liveOffers(long sessionId);

    /** The students waiting in the opening's lines, first joined first: what a re-sync puts back. */
    List<Waiting> waiting(long sessionId);

    /**
     * @param offerMs     how long an offer is held
     * @param slotStartMs the slot's start: nothing is offered from then on, and no offer outlives it
     * @param limit       the opening's per-student limit
     * @param expireAt    epoch second the opening's keys expire
     * @param place       when the slot is played ({@code SharePlace#arg}), for the fair share
     * @param shareRules  the fair-share rules ({@code ShareRules#arg}): a student past their share is passed over
     */
    record Terms(long offerMs, long slotStartMs, int limit, long expireAt, String place, String shareRules) {
        /** For a slot the catalog does not know (deleted meanwhile): its start is "long ago", nothing is offered. */
        public static final Terms NONE = new Terms(0, 0, 0, 0, "0,0", "1,0,0");

        /**
         * The terms as a script's arguments: offer window ms, slot start ms, limit, keys' expiry, the slot's place,
         * the share's rules.
         */
        public List<Object> args() {
            return List.of(
                    Long.toString(offerMs),
                    Long.toString(slotStartMs),
                    Integer.toString(limit),
                    Long.toString(expireAt),
                    place,
                    shareRules);
        }
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
    record Move(Long offeredTo, long expiresMs, List<Long> passedOver) {

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

    /** A live offer of a slot to a student, until when. */
    record LiveOffer(long slotId, long userId, LocalDateTime offerExpires) {}

    /** A student waiting for a slot's place since {@code joined}. */
    record Waiting(long slotId, long userId, LocalDateTime joined) {}
}
