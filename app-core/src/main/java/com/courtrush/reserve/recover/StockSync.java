package com.courtrush.reserve.recover;

import com.courtrush.infra.redis.RedisTime;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.StockWarmer;
import com.courtrush.opening.api.SessionState;
import com.courtrush.opening.api.WarmupReport;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.record.DrawRecords;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.Shares;
import com.courtrush.share.api.SharePlace;
import com.courtrush.slot.SlotInfo;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * Warm-up and re-sync: the Redis state of an opening rebuilt from the database plus the grants
 * still in flight ({@code lua/resync.lua}), then its gate ({@code lua/gate.lua}). Counting the
 * in-flight grants is what makes re-running it mid-rush safe: places granted but not yet written
 * stay taken. The database is read before the script runs; what happened in between — a grant
 * recorded, a place given back — is in the opening's settled and released logs from a Redis time
 * taken before the read, and the script applies it, so neither leaves Redis wrong. (A cancel in
 * the milliseconds between a grant's recording and its leaving the in-flight set still counts the
 * place as held until the next re-sync.)
 */
@Component
public class StockSync implements StockWarmer {

    /** Redis's clock and the moment the read begins are a few milliseconds apart at most; this is ample. */
    private static final long CLOCK_MARGIN_MS = 1000;

    private final Shares shares;
    private final RedissonClient redisson;
    private final RScript script;
    /** Runs between the database read and the script; tests use it to force interleavings. */
    private volatile Runnable afterDatabaseRead = () -> {};

    private final TimeSlotMapper slots;
    private final ReservationMapper reservations;
    private final SoldOutFlags soldOut;
    private final Blocks blocks;
    private final PlaceOffers offers;
    private final AppSettings settings;
    private final Clock clock;
    private final DrawRecords draws;

    StockSync(
            DrawRecords draws,
            RedissonClient redisson,
            TimeSlotMapper slots,
            ReservationMapper reservations,
            SoldOutFlags soldOut,
            Blocks blocks,
            Shares shares,
            PlaceOffers offers,
            AppSettings settings,
            Clock clock) {
        this.draws = draws;
        this.offers = offers;
        this.settings = settings;
        this.blocks = blocks;
        this.shares = shares;
        this.redisson = redisson;
        this.script = redisson.getScript();
        this.slots = slots;
        this.reservations = reservations;
        this.soldOut = soldOut;
        this.clock = clock;
    }

    @Override
    public WarmupReport warm(ReserveSession session) {
        long sessionId = session.getId();
        if (session.fairDraw()) {
            draws.commit(sessionId); // the draw's commitment, before any entry (a warm-up run again keeps it)
        }
        // a little before the read begins, on the clock of the Redis that keeps the opening's logs: their
        // entries from then on are applied
        long since = RedisTime.nowMillis(script, sessionId) - CLOCK_MARGIN_MS;
        List<SlotWithCourt> sessionSlots = slots.findBySessionWithCourt(sessionId).stream()
                .sorted(Comparator.comparing(TimeSlot::getId))
                .toList();
        Map<Long, List<Long>> holders = reservations.activeHolders(sessionId).stream()
                .collect(Collectors.groupingBy(
                        ReservationMapper.Holder::slotId,
                        Collectors.mapping(ReservationMapper.Holder::userId, Collectors.toList())));
        Map<Long, List<PlaceOffers.LiveOffer>> offered =
                offers.liveOffers(sessionId).stream().collect(Collectors.groupingBy(PlaceOffers.LiveOffer::slotId));
        Map<Long, List<PlaceOffers.Waiting>> lines =
                offers.waiting(sessionId).stream().collect(Collectors.groupingBy(PlaceOffers.Waiting::slotId));
        Map<Long, String> copy = shares.copyOf(
                sessionId, sessionSlots.stream().map(TimeSlot::getSlotDate).toList());
        afterDatabaseRead.run();
        List<ResyncCall.Slot> slotStates = new ArrayList<>(sessionSlots.size());
        for (SlotWithCourt slot : sessionSlots) {
            slotStates.add(new ResyncCall.Slot(
                    slot.getId(),
                    SharePlace.of(slot.getSlotDate(), slot.getStartTime(), slot.getEndTime(), slot.getSport())
                            .arg(),
                    slot.getCapacity(),
                    Boolean.TRUE.equals(slot.getActive()),
                    epochMs(slot.getSlotDate().atTime(slot.getStartTime())),
                    holders.getOrDefault(slot.getId(), List.of()),
                    offered.getOrDefault(slot.getId(), List.of()).stream()
                            .map(offer -> new ResyncCall.Offer(offer.userId(), epochMs(offer.offerExpires())))
                            .toList(),
                    lines.getOrDefault(slot.getId(), List.of()).stream()
                            .map(wait -> new ResyncCall.Waiting(wait.userId(), epochMs(wait.joined())))
                            .toList()));
        }
        ResyncCall call = new ResyncCall(
                sessionId,
                expireAt(session),
                since,
                settings.getPositiveInt(SettingKey.OFFER_MINUTES) * 60_000L,
                session.getPerUserLimit(),
                slotStates,
                shares.rules().arg(),
                copy);
        // the blocked students first: the gate may open the moment it is applied
        blocks.copyInto(sessionId, expireAt(session));
        ResyncCall.Reply reply = ResyncCall.SCRIPT.call(script, call);
        applyGate(session);
        sessionSlots.forEach(slot -> soldOut.released(slot.getId()));
        // places that were on sale while students waited: offered to them, the database follows
        for (ResyncCall.Moved moved : reply.moved()) {
            offers.followed(moved.slotId(), moved.move());
        }
        return new WarmupReport(sessionId, sessionSlots.size(), reply.permits());
    }

    /**
     * The engine's rehearsal opening in Redis (decision 28), as a warm-up builds an opening nobody has booked yet:
     * each slot's stock, its gate timed to open at the flash time; every key of it gone by {@code expireAt} (epoch
     * second) if the rehearsal does not delete them first. Read from nothing but the arguments.
     */
    public void warmRehearsal(ReserveSession session, List<SlotInfo> sessionSlots, long expireAt) {
        long sessionId = session.getId();
        long since = RedisTime.nowMillis(script, sessionId) - CLOCK_MARGIN_MS;
        List<ResyncCall.Slot> slotStates = sessionSlots.stream()
                .map(slot -> new ResyncCall.Slot(
                        slot.slotId(),
                        SharePlace.of(slot.slotDate(), slot.startTime(), slot.endTime(), slot.sport())
                                .arg(),
                        slot.capacity(),
                        slot.active(),
                        epochMs(slot.slotDate().atTime(slot.startTime())),
                        List.of(),
                        List.of(),
                        List.of()))
                .toList();
        ResyncCall.SCRIPT.call(
                script,
                new ResyncCall(
                        sessionId,
                        expireAt,
                        since,
                        settings.getPositiveInt(SettingKey.OFFER_MINUTES) * 60_000L,
                        session.getPerUserLimit(),
                        slotStates,
                        shares.rules().arg(),
                        Map.of()));
        GateCall.SCRIPT.call(
                script, new GateCall(sessionId, GateCall.Mode.TIMED, epochMs(session.getFlashTime()), expireAt));
    }

    @Override
    public void applyGate(ReserveSession session) {
        gate(session, session.getState() == SessionState.CLOSED ? GateCall.Mode.CLOSED : GateCall.Mode.TIMED);
    }

    @Override
    public void openGateNow(ReserveSession session) {
        gate(session, GateCall.Mode.OPEN);
    }

    private void gate(ReserveSession session, GateCall.Mode mode) {
        long flashMs =
                session.getFlashTime().atZone(clock.getZone()).toInstant().toEpochMilli();
        GateCall.SCRIPT.call(script, new GateCall(session.getId(), mode, flashMs, expireAt(session)));
    }

    @Override
    public WarmState warmState(ReserveSession session) {
        if (session.getState() == SessionState.SCHEDULED) {
            return WarmState.WARM;
        }
        return WarmStateCall.SCRIPT.call(script, new WarmStateCall(session.getId()));
    }

    private long epochMs(LocalDateTime time) {
        return time.atZone(clock.getZone()).toInstant().toEpochMilli();
    }

    /** Test hook: runs between the database read of a re-sync and its script. */
    void afterDatabaseRead(Runnable hook) {
        this.afterDatabaseRead = hook;
    }

    private long expireAt(ReserveSession session) {
        return StockKeys.expireAt(session.getSessionDate(), clock.getZone());
    }
}
