package com.courtrush.slot;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.slot.api.CourtOnSale;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * Edits one slot: capacity and price, enable and disable. Capacity never drops below the places
 * booked; re-enabling checks overlaps again; a live opening is re-synced after every change so
 * Redis sells what the database now says.
 */
@Service
public class SlotEditor {

    private final TimeSlotMapper slots;
    private final SlotOverlaps overlaps;
    private final OpeningService openings;
    private final AuditTrail audit;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    SlotEditor(
            TimeSlotMapper slots,
            SlotOverlaps overlaps,
            OpeningService openings,
            AuditTrail audit,
            ApplicationEventPublisher events,
            Clock clock) {
        this.slots = slots;
        this.overlaps = overlaps;
        this.openings = openings;
        this.audit = audit;
        this.events = events;
        this.clock = clock;
    }

    public List<SlotWithCourt> slotsOf(long sessionId) {
        return slots.findBySessionWithCourt(sessionId);
    }

    public TimeSlot get(long slotId) {
        TimeSlot slot = slots.selectById(slotId);
        if (slot == null) {
            throw CourtRushException.notFound("slot.notFound", slotId);
        }
        return slot;
    }

    public TimeSlot update(long slotId, int capacity, Integer priceCents, String actor) {
        TimeSlot slot = get(slotId);
        if (capacity < 1 || capacity > 1000) {
            throw CourtRushException.badRequest("slot.capacity");
        }
        if (priceCents != null && (priceCents < 0 || priceCents > 10_000_000)) {
            throw CourtRushException.badRequest("slot.price");
        }
        int changed = slots.update(
                null,
                new LambdaUpdateWrapper<TimeSlot>()
                        .set(TimeSlot::getCapacity, capacity)
                        .set(TimeSlot::getPriceCents, priceCents)
                        // an update by a wrapper is not filled by the MetaObjectHandler: the stamp is set here
                        .set(TimeSlot::getUpdateTime, LocalDateTime.now(clock))
                        .eq(TimeSlot::getId, slotId)
                        .le(TimeSlot::getBooked, capacity));
        if (changed != 1) {
            // named as staff see it: its day and times, not an id no screen shows
            throw CourtRushException.conflict(
                    "slot.capacityBelowBooked", slot.getSlotDate(), slot.getStartTime(), slot.getEndTime(), capacity);
        }
        audit.record(
                actor,
                AuditAction.EDIT_SLOT,
                AuditTarget.SLOT,
                slotId,
                new EngineText(
                        "audit.detail.slotEdit",
                        slot.getCapacity(),
                        capacity,
                        yuan(slot.getPriceCents()),
                        yuan(priceCents)));
        return afterChange(slot);
    }

    /** Takes a slot off sale or back on it. Disabling leaves its reservations alone: see SlotWithdrawal. */
    public TimeSlot setActive(long slotId, boolean active, String actor) {
        TimeSlot slot = get(slotId);
        if (active && slot.getBlockId() != null) {
            throw CourtRushException.conflict("slot.held", slot.getSlotDate(), slot.getStartTime(), slot.getEndTime());
        }
        if (active && !Boolean.TRUE.equals(slot.getActive())) {
            List<TimeSlot> clashes = overlaps.clashes(
                    slot.getCourtId(), slot.getSlotDate(), slot.getStartTime(), slot.getEndTime(), slotId);
            if (!clashes.isEmpty()) {
                throw CourtRushException.conflict(
                        "slot.overlapsOnEnable",
                        slot.getSlotDate(),
                        slot.getStartTime(),
                        slot.getEndTime(),
                        clashes.stream()
                                .map(c -> c.getStartTime() + "–" + c.getEndTime())
                                .collect(Collectors.joining(", ")));
            }
        }
        slots.update(
                null,
                new LambdaUpdateWrapper<TimeSlot>()
                        .set(TimeSlot::getActive, active)
                        .set(TimeSlot::getUpdateTime, LocalDateTime.now(clock))
                        .eq(TimeSlot::getId, slotId));
        audit.record(actor, active ? AuditAction.ENABLE_SLOT : AuditAction.DISABLE_SLOT, AuditTarget.SLOT, slotId);
        return afterChange(slot);
    }

    /**
     * Holds a slot for a class or team block (SPEC §21): off sale, showing the block, until the block lets it go. Its
     * bookings are the caller's to withdraw ({@code SlotWithdrawal}).
     */
    public void hold(long slotId, long blockId) {
        TimeSlot slot = get(slotId);
        slots.update(
                null,
                new LambdaUpdateWrapper<TimeSlot>()
                        .set(TimeSlot::getBlockId, blockId)
                        .set(TimeSlot::getActive, false)
                        .set(TimeSlot::getUpdateTime, LocalDateTime.now(clock))
                        .eq(TimeSlot::getId, slotId));
        afterChange(slot);
    }

    /** Lets a held slot go (its block skipped its date or ended) and puts it on sale. */
    public TimeSlot release(long slotId, String actor) {
        slots.update(
                null,
                new LambdaUpdateWrapper<TimeSlot>()
                        .set(TimeSlot::getBlockId, null)
                        .set(TimeSlot::getUpdateTime, LocalDateTime.now(clock))
                        .eq(TimeSlot::getId, slotId));
        return setActive(slotId, true, actor);
    }

    /** Active slots of a court on a date, for the console's pickers. */
    public List<TimeSlot> activeSlots(long courtId, LocalDate date) {
        return slots.selectList(new LambdaQueryWrapper<TimeSlot>()
                .eq(TimeSlot::getCourtId, courtId)
                .eq(TimeSlot::getSlotDate, date)
                .eq(TimeSlot::getActive, true));
    }

    /**
     * What is on sale on a court from {@code from} on: its active slots, their places still free and
     * those booked — what disabling the court leaves on sale (it stops new slots, not these).
     */
    public CourtOnSale onSale(long courtId, LocalDate from) {
        List<TimeSlot> active = slots.selectList(new LambdaQueryWrapper<TimeSlot>()
                .eq(TimeSlot::getCourtId, courtId)
                .ge(TimeSlot::getSlotDate, from)
                .eq(TimeSlot::getActive, true));
        int booked = active.stream().mapToInt(TimeSlot::getBooked).sum();
        int free = active.stream()
                .mapToInt(slot -> Math.max(0, slot.getCapacity() - slot.getBooked()))
                .sum();
        return new CourtOnSale(courtId, active.size(), free, booked);
    }

    private TimeSlot afterChange(TimeSlot before) {
        events.publishEvent(new SlotsChanged(before.getSessionId()));
        ReserveSession session = openings.get(before.getSessionId());
        if (session.getState().live()) {
            openings.resync(session.getId(), SystemActor.SLOT_EDITOR.actor());
        }
        return get(before.getId());
    }

    /** A price as staff read it in the history: yuan, or "-" for the default price. */
    private static String yuan(Integer cents) {
        return cents == null ? "-" : BigDecimal.valueOf(cents, 2).toPlainString();
    }
}
