package com.courtrush.reserve;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.LuaScript;
import com.courtrush.infra.RedisKeys;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.SessionState;
import com.courtrush.opening.StockWarmer;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.util.ArrayList;
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
 * stay taken.
 */
@Component
class StockSync implements StockWarmer {

    private final RedissonClient redisson;
    private final RScript script;
    private final LuaScript resync = LuaScript.load("resync");
    private final LuaScript gate = LuaScript.load("gate");
    private final TimeSlotMapper slots;
    private final ReservationMapper reservations;
    private final SoldOutFlags soldOut;
    private final CourtRushProperties properties;

    StockSync(RedissonClient redisson, TimeSlotMapper slots, ReservationMapper reservations, SoldOutFlags soldOut,
            CourtRushProperties properties) {
        this.redisson = redisson;
        this.script = redisson.getScript();
        this.slots = slots;
        this.reservations = reservations;
        this.soldOut = soldOut;
        this.properties = properties;
    }

    @Override
    public WarmupReport warm(ReserveSession session) {
        long sessionId = session.getId();
        List<TimeSlot> sessionSlots = slots.selectList(new LambdaQueryWrapper<TimeSlot>()
                .eq(TimeSlot::getSessionId, sessionId).orderByAsc(TimeSlot::getId));
        Map<Long, List<Long>> holders = reservations.activeHolders(sessionId).stream()
                .collect(Collectors.groupingBy(ReservationMapper.Holder::slotId,
                        Collectors.mapping(ReservationMapper.Holder::userId, Collectors.toList())));
        List<Object> keys = new ArrayList<>(3 + 4 * sessionSlots.size());
        keys.add(RedisKeys.quota(sessionId));
        keys.add(RedisKeys.INFLIGHT);
        keys.add(RedisKeys.warm(sessionId));
        List<Object> args = new ArrayList<>();
        args.add(Long.toString(sessionId));
        args.add(Long.toString(expireAt(session)));
        args.add(Integer.toString(sessionSlots.size()));
        for (TimeSlot slot : sessionSlots) {
            keys.add(RedisKeys.semaphore(slot.getId()));
            keys.add(RedisKeys.dedup(slot.getId()));
            keys.add(RedisKeys.slotSession(slot.getId()));
            keys.add(RedisKeys.slotOff(slot.getId()));
            List<Long> users = holders.getOrDefault(slot.getId(), List.of());
            args.add(Long.toString(slot.getId()));
            args.add(Integer.toString(slot.getCapacity()));
            args.add(Boolean.TRUE.equals(slot.getActive()) ? "1" : "0");
            args.add(Integer.toString(users.size()));
            users.forEach(u -> args.add(Long.toString(u)));
        }
        Long permits = script.eval(RScript.Mode.READ_WRITE, resync.source(), RScript.ReturnType.INTEGER, keys,
                args.toArray());
        applyGate(session);
        sessionSlots.forEach(slot -> soldOut.released(slot.getId()));
        return new WarmupReport(sessionId, sessionSlots.size(), permits == null ? 0 : permits);
    }

    @Override
    public void applyGate(ReserveSession session) {
        gate(session, session.getState() == SessionState.CLOSED ? "CLOSED" : "TIMED");
    }

    @Override
    public void openGateNow(ReserveSession session) {
        gate(session, "OPEN");
    }

    private void gate(ReserveSession session, String mode) {
        long flashMs = session.getFlashTime().atZone(properties.zone()).toInstant().toEpochMilli();
        script.eval(RScript.Mode.READ_WRITE, gate.source(), RScript.ReturnType.VALUE,
                List.of(RedisKeys.gate(session.getId()), RedisKeys.gateTime(session.getId()),
                        RedisKeys.warm(session.getId())),
                mode, Long.toString(flashMs), Long.toString(expireAt(session)));
    }

    @Override
    public boolean isWarm(ReserveSession session) {
        return session.getState() == SessionState.SCHEDULED
                || redisson.getBucket(RedisKeys.warm(session.getId())).isExists();
    }

    private long expireAt(ReserveSession session) {
        return StockKeys.expireAt(session.getSessionDate(), properties.zone());
    }
}
