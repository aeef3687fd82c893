package com.courtrush.closure;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.closure.api.BlockView;
import com.courtrush.closure.api.NewBlock;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.court.CourtService;
import com.courtrush.slot.SlotEditor;
import com.courtrush.staff.SlotWithdrawal;
import com.courtrush.staff.api.WithdrawalImpact;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Class and team blocks (SPEC §21): a court held every week at an hour for a term — a PE class, the badminton team —
 * never on sale. A block is recorded first (every slot made in it from then on is made held); then each slot of the
 * court it covers from now on is taken off sale as staff withdraw one (its bookings cancelled or refunded with the
 * block's label, their students told) and held. A skipped date, or the block's end, puts the slots it let go on sale.
 */
@Service
public class CourtBlocks {

    /** The longest term a block holds. */
    static final long LONGEST_DAYS = 366;

    private static final Logger log = LoggerFactory.getLogger(CourtBlocks.class);

    private final CourtBlockMapper blocks;
    private final CourtService courts;
    private final SlotEditor slots;
    private final SlotWithdrawal withdrawal;
    private final AuditTrail audit;
    private final Clock clock;

    CourtBlocks(
            CourtBlockMapper blocks,
            CourtService courts,
            SlotEditor slots,
            SlotWithdrawal withdrawal,
            AuditTrail audit,
            Clock clock) {
        this.blocks = blocks;
        this.courts = courts;
        this.slots = slots;
        this.withdrawal = withdrawal;
        this.audit = audit;
        this.clock = clock;
    }

    /** The blocks not yet over, and those over in the last 30 days, by court, day and hour. */
    public List<BlockView> recent() {
        return blocks
                .selectList(new LambdaQueryWrapper<CourtBlock>()
                        .ge(CourtBlock::getLastDay, LocalDate.now(clock).minusDays(30))
                        .orderByAsc(CourtBlock::getCourtId, CourtBlock::getWeekday, CourtBlock::getStarts))
                .stream()
                .map(this::view)
                .toList();
    }

    public BlockView hold(NewBlock asked, Caller manager) {
        CourtBlock block = check(asked);
        block.setActor(manager.actor());
        block.setSlotsHeld(0);
        block.setCancelled(0);
        block.setRefunded(0);
        blocks.insert(block);
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDate from = block.getFirstDay().isAfter(now.toLocalDate()) ? block.getFirstDay() : now.toLocalDate();
        int held = 0;
        int cancelled = 0;
        int refunded = 0;
        int left = 0;
        for (CourtBlockMapper.BlockSlot slot : blocks.unheld(block.getCourtId(), from, block.getLastDay())) {
            if (!block.fallsOn(slot.slotDate())
                    || !block.meets(slot.startTime(), slot.endTime())
                    || !slot.slotDate().atTime(slot.startTime()).isAfter(now)) {
                continue;
            }
            try {
                WithdrawalImpact done = withdrawal.withdraw(slot.id(), block.getLabel(), manager);
                cancelled += done.unpaid();
                refunded += done.paid();
            } catch (CourtRushException e) {
                // a booking paid or ended as the slot was withdrawn: the slot is held, the booking is left to staff
                left++;
                log.warn(
                        "Block {}: slot {} left with a booking to see to: {}",
                        block.getId(),
                        slot.id(),
                        e.getMessage());
            }
            slots.hold(slot.id(), block.getId());
            held++;
        }
        block.setSlotsHeld(held);
        block.setCancelled(cancelled);
        block.setRefunded(refunded);
        blocks.updateById(block);
        audit.record(
                manager.actor(),
                AuditAction.HOLD_COURT,
                AuditTarget.BLOCK,
                block.getId(),
                new EngineText(
                        "audit.block",
                        courts.get(block.getCourtId()).getName(),
                        new EngineText("block.weekday." + block.getWeekday()),
                        block.getStarts().toString(),
                        block.getEnds().toString(),
                        block.getFirstDay().toString(),
                        block.getLastDay().toString(),
                        block.getLabel(),
                        held,
                        cancelled,
                        refunded));
        if (left > 0) {
            throw CourtRushException.conflict("closure.left", left).withData(view(block));
        }
        return view(block);
    }

    /** Lets one date of a block go (a holiday, a match away): its slot that day is put on sale. */
    public BlockView skip(long id, LocalDate day, Caller manager) {
        CourtBlock block = get(id);
        if (day == null || !block.fallsOn(day)) {
            throw CourtRushException.badRequest("block.skipDay");
        }
        if (day.isBefore(LocalDate.now(clock))) {
            throw CourtRushException.badRequest("block.past");
        }
        try {
            blocks.skip(id, day, manager.actor(), LocalDateTime.now(clock));
        } catch (DuplicateKeyException again) {
            log.debug("Block {} already skips {}", id, day);
            return view(block);
        }
        int released = release(block, day, day, manager);
        audit.record(
                manager.actor(),
                AuditAction.SKIP_BLOCK,
                AuditTarget.BLOCK,
                id,
                new EngineText("audit.blockSkipped", block.getLabel(), day.toString(), released));
        return view(block);
    }

    /**
     * Ends a block now: its slots not yet begun are put on sale; a block whose term had not begun is gone (its audit
     * stays).
     */
    public BlockView end(long id, Caller manager) {
        CourtBlock block = get(id);
        LocalDate today = LocalDate.now(clock);
        int released = release(block, today, block.getLastDay(), manager);
        if (block.getFirstDay().isBefore(today)) {
            block.setLastDay(block.getLastDay().isBefore(today) ? block.getLastDay() : today.minusDays(1));
            blocks.updateById(block);
        } else {
            blocks.forgetSkips(id);
            blocks.deleteById(id);
        }
        audit.record(
                manager.actor(),
                AuditAction.END_BLOCK,
                AuditTarget.BLOCK,
                id,
                new EngineText("audit.blockEnded", block.getLabel(), released));
        return view(block);
    }

    /** Puts the block's slots of {@code first} to {@code last} that have not begun on sale; how many it did. */
    private int release(CourtBlock block, LocalDate first, LocalDate last, Caller manager) {
        LocalDateTime now = LocalDateTime.now(clock);
        int released = 0;
        for (CourtBlockMapper.BlockSlot slot : blocks.heldFrom(block.getId(), first)) {
            if (slot.slotDate().isAfter(last)
                    || !slot.slotDate().atTime(slot.startTime()).isAfter(now)) {
                continue;
            }
            try {
                slots.release(slot.id(), manager.actor());
                released++;
            } catch (CourtRushException e) {
                // another slot of the court took its hours meanwhile: it stays off sale, free of the block
                log.warn("Block {}: slot {} let go but not put on sale: {}", block.getId(), slot.id(), e.getMessage());
            }
        }
        return released;
    }

    private CourtBlock get(long id) {
        CourtBlock block = blocks.selectById(id);
        if (block == null) {
            throw CourtRushException.notFound("block.notFound", id);
        }
        return block;
    }

    private CourtBlock check(NewBlock asked) {
        if (asked.courtId() == null) {
            throw CourtRushException.badRequest("block.court");
        }
        if (asked.weekday() == null || asked.weekday() < 1 || asked.weekday() > 7) {
            throw CourtRushException.badRequest("block.weekday");
        }
        if (asked.starts() == null || asked.ends() == null || !asked.ends().isAfter(asked.starts())) {
            throw CourtRushException.badRequest("block.hours");
        }
        if (asked.firstDay() == null
                || asked.lastDay() == null
                || asked.lastDay().isBefore(asked.firstDay())
                || ChronoUnit.DAYS.between(asked.firstDay(), asked.lastDay()) >= LONGEST_DAYS) {
            throw CourtRushException.badRequest("block.term", LONGEST_DAYS);
        }
        if (asked.lastDay().isBefore(LocalDate.now(clock))) {
            throw CourtRushException.badRequest("block.past");
        }
        String label = asked.label() == null ? "" : asked.label().strip();
        if (label.isEmpty() || label.length() > 100) {
            throw CourtRushException.badRequest("block.label");
        }
        CourtBlock block = new CourtBlock();
        block.setCourtId(courts.get(asked.courtId()).getId());
        block.setWeekday(asked.weekday());
        block.setStarts(asked.starts().withSecond(0).withNano(0));
        block.setEnds(asked.ends().withSecond(0).withNano(0));
        block.setFirstDay(asked.firstDay());
        block.setLastDay(asked.lastDay());
        block.setLabel(Texts.requirePlain(label, "label"));
        boolean clash = blocks
                .selectList(new LambdaQueryWrapper<CourtBlock>()
                        .eq(CourtBlock::getCourtId, block.getCourtId())
                        .eq(CourtBlock::getWeekday, block.getWeekday())
                        .le(CourtBlock::getFirstDay, block.getLastDay())
                        .ge(CourtBlock::getLastDay, block.getFirstDay()))
                .stream()
                .anyMatch(other -> other.meets(block.getStarts(), block.getEnds()));
        if (clash) {
            throw CourtRushException.conflict("block.overlaps");
        }
        return block;
    }

    private BlockView view(CourtBlock block) {
        return new BlockView(
                block.getId(),
                block.getCourtId(),
                block.getWeekday(),
                block.getStarts(),
                block.getEnds(),
                block.getFirstDay(),
                block.getLastDay(),
                block.getLabel(),
                block.getActor(),
                block.getId() == null ? List.of() : blocks.skips(block.getId()),
                block.getSlotsHeld(),
                block.getCancelled(),
                block.getRefunded());
    }
}
