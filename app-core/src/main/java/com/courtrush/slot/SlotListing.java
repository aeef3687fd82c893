package com.courtrush.slot;

import com.courtrush.account.api.Category;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.opening.GateReading;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.SessionState;
import com.courtrush.venue.Prices;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * The students' slot list — the hottest read of the rush. A date's answer is built from the
 * cached catalog and one Redis snapshot, and kept for {@code courtrush.reserve.stock-snapshot-ttl}
 * (500 ms by default), so a crowd refreshing it reaches neither the database nor, mostly, Redis.
 */
@Service
public class SlotListing {

    private final SlotCatalog catalog;
    private final LiveStock stock;
    private final Prices prices;
    private final Clock clock;
    private final LoadingCache<LocalDate, List<Listed>> answers;
    private final DrawCommitments commitments;

    SlotListing(
            SlotCatalog catalog,
            LiveStock stock,
            Prices prices,
            DrawCommitments commitments,
            CourtRushProperties properties,
            Clock clock) {
        this.clock = clock;
        this.commitments = commitments;
        this.catalog = catalog;
        this.stock = stock;
        this.prices = prices;
        this.answers = Caffeine.newBuilder()
                .expireAfterWrite(properties.reserve().stockSnapshotTtl())
                .maximumSize(64)
                .build(this::build);
    }

    public List<OpeningSlots> onDate(LocalDate date) {
        return answers.get(date).stream().map(Listed::asOfNow).toList();
    }

    /**
     * The openings of a date of one venue, with the slots of one sport (SPEC §21): a null venue or sport is every one;
     * an opening left with no slot of the sport is left out.
     */
    public List<OpeningSlots> onDate(LocalDate date, Long venueId, String sport) {
        if (venueId == null && sport == null) {
            return onDate(date);
        }
        return answers.get(date).stream()
                .filter(listed ->
                        venueId == null || listed.session().getVenueId().equals(venueId))
                .map(Listed::asOfNow)
                .map(opening -> sport == null ? opening : opening.ofSport(sport))
                .filter(opening -> !opening.slots().isEmpty())
                .toList();
    }

    private List<Listed> build(LocalDate date) {
        return catalog.onDate(date).stream().map(this::listed).toList();
    }

    private Listed listed(SessionCatalog catalog) {
        ReserveSession session = catalog.session();
        LiveStock.Snapshot snapshot = stock.snapshot(catalog);
        LocalDateTime now = LocalDateTime.now(clock);
        List<SlotView> slots = catalog.slots().stream()
                .filter(s -> s.active() || s.heldFor() != null)
                .map(s -> new SlotView(
                        s.slotId(),
                        s.courtId(),
                        s.courtName(),
                        s.slotDate(),
                        s.startTime(),
                        s.endTime(),
                        s.capacity(),
                        s.active()
                                ? snapshot.permits().getOrDefault(s.slotId(), Math.max(0, s.capacity() - s.booked()))
                                : 0,
                        prices.priceOf(
                                s.venueId(), s.sport(), s.slotDate(), s.startTime(), s.priceCents(), Category.STUDENT),
                        s.startedBy(now),
                        s.sport(),
                        prices.pricesOf(s.venueId(), s.sport(), s.slotDate(), s.startTime(), s.priceCents()),
                        s.heldFor()))
                .toList();
        // an opening not warmed up yet has no gate in Redis: it opens at its flash time, by Redis's clock
        Long flashAt = session.getState() == SessionState.CLOSED
                ? null
                : session.getFlashTime().atZone(clock.getZone()).toInstant().toEpochMilli();
        String commitment = session.fairDraw() ? commitments.commitment(session.getId()) : null;
        return new Listed(session, slots, snapshot.gate(), flashAt, commitment);
    }

    /** A cached answer; the gate's countdown is worked out when it is served, not when it was cached. */
    private record Listed(
            ReserveSession session, List<SlotView> slots, GateReading gate, Long flashAt, String commitment) {
        OpeningSlots asOfNow() {
            boolean draw = session.fairDraw();
            return new OpeningSlots(
                    session.getId(),
                    session.getVenueId(),
                    session.getSessionDate(),
                    session.getFlashTime(),
                    gate.open(),
                    gate.millisToOpen(flashAt),
                    session.getState(),
                    session.getPerUserLimit(),
                    Boolean.TRUE.equals(session.getBookingPass()),
                    draw,
                    draw ? session.getDrawWindowMs() : 0,
                    draw ? gate.millisToWindowClose(flashAt, session.getDrawWindowMs()) : null,
                    draw && gate.takesDrawEntries(session.getDrawWindowMs()),
                    draw ? session.warmupTime() : null,
                    commitment,
                    slots);
        }
    }

    /**
     * One opening of the date, with its active slots and those a class or team block holds (SPEC §21).
     *
     * @param msToOpen milliseconds until the gate opens, by the clock that opens it (Redis's), as of
     *                 this answer: 0 once open, null when it will not open by itself (closed)
     * @param bookingPass the opening asks for a booking pass (POST /reserve/challenge, /reserve/pass)
     * @param fairDraw    the opening starts with a fair draw: requests in its first {@code drawWindowMs}
     *                    enter a draw, one entry per student
     * @param msToDrawClose milliseconds until the draw's window closes, by Redis's clock (0 once closed);
     *                    null without a draw, or when the gate will not open by itself
     * @param drawEntryOpen the draw takes entries now: from the opening's warm-up (before its flash time)
     *                    until the window closes
     * @param drawEntryFrom the gym wall time entries open (the warm-up time); null without a draw
     * @param drawCommitment the SHA-256 of the draw's secret, published from the warm-up (GET /draws/{id} has
     *                    the record after the draw); null without a draw or before the warm-up
     * @param venueId     the venue whose courts it sells (SPEC §21)
     */
    public record OpeningSlots(
            long sessionId,
            long venueId,
            LocalDate sessionDate,
            LocalDateTime flashTime,
            boolean gateOpen,
            Long msToOpen,
            SessionState state,
            int perUserLimit,
            boolean bookingPass,
            boolean fairDraw,
            int drawWindowMs,
            Long msToDrawClose,
            boolean drawEntryOpen,
            LocalDateTime drawEntryFrom,
            String drawCommitment,
            List<SlotView> slots) {

        /** The opening with only the slots of this sport. */
        OpeningSlots ofSport(String sport) {
            return new OpeningSlots(
                    sessionId,
                    venueId,
                    sessionDate,
                    flashTime,
                    gateOpen,
                    msToOpen,
                    state,
                    perUserLimit,
                    bookingPass,
                    fairDraw,
                    drawWindowMs,
                    msToDrawClose,
                    drawEntryOpen,
                    drawEntryFrom,
                    drawCommitment,
                    slots.stream().filter(slot -> slot.sport().equals(sport)).toList());
        }
    }

    /**
     * One slot as students see it; a slot that has {@code started} is no longer sold; its court's sport.
     *
     * @param priceCents what a student pays (SPEC §21)
     * @param prices     what each category that may book its venue pays: a signed-in student's own is shown before
     *                   the tap, and is what a place granted is then fixed at
     * @param heldFor    the label of the class or team block holding it, never on sale (SPEC §21); null when on sale
     */
    public record SlotView(
            long slotId,
            long courtId,
            String courtName,
            LocalDate slotDate,
            @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            int capacity,
            int permitsLeft,
            int priceCents,
            boolean started,
            String sport,
            Map<Category, Integer> prices,
            String heldFor) {}
}
