package com.courtrush.slot.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.slot.SlotEditor;
import com.courtrush.slot.SlotGenerator;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.api.CourtOnSale;
import com.courtrush.slot.api.GeneratedDay;
import com.courtrush.slot.api.SlotTemplate;
import com.courtrush.slot.api.SlotView;
import com.courtrush.slot.api.SlotWithCourtView;
import com.courtrush.venue.DeskVenues;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with slots: generate a day's or several days' slots from a template,
 * list an opening's slots, change a slot's places or price, take it off or back on sale, and what a court has on
 * sale.
 */
@Component
public class SlotDesk {

    private final SlotGenerator generator;
    private final SlotEditor editor;
    private final DeskVenues desks;

    public SlotDesk(SlotGenerator generator, SlotEditor editor, DeskVenues desks) {
        this.generator = generator;
        this.editor = editor;
        this.desks = desks;
    }

    /** See {@link SlotGenerator#generate}: of an opening of the caller's venues (SPEC §21). */
    public List<Long> generate(long sessionId, SlotTemplate template, Caller caller) {
        desks.requireOpening(caller, sessionId);
        return generator.generate(sessionId, template, caller.actor());
    }

    /**
     * A week (or any run of days) at once: for each date, its first opening (created when there is
     * none, opening at {@code flashAt} on that day or the day before) gets the template's slots.
     * Each day stands alone: a day that overlaps is reported and the others are still generated.
     */
    public List<GeneratedDay> generateDays(
            LocalDate first,
            int days,
            LocalTime flashAt,
            boolean flashDayBefore,
            int perUserLimit,
            SlotTemplate template,
            Caller caller) {
        if (template.courtIds() != null) {
            template.courtIds().forEach(court -> desks.requireCourt(caller, court));
        }
        return generator.generateDays(first, days, flashAt, flashDayBefore, perUserLimit, template, caller.actor());
    }

    /** See {@link SlotEditor#slotsOf}. */
    public List<SlotWithCourtView> slotsOf(long sessionId) {
        return editor.slotsOf(sessionId).stream().map(SlotWithCourt::listed).toList();
    }

    /** See {@link SlotEditor#update}. */
    public SlotView update(long slotId, int capacity, Integer priceCents, Caller caller) {
        desks.requireSlot(caller, slotId);
        return editor.update(slotId, capacity, priceCents, caller.actor()).view();
    }

    /** Takes a slot off sale or back on it. Disabling leaves its reservations alone: see SlotWithdrawal. */
    public SlotView setActive(long slotId, boolean active, Caller caller) {
        desks.requireSlot(caller, slotId);
        return editor.setActive(slotId, active, caller.actor()).view();
    }

    /**
     * What is on sale on a court from {@code from} on: its active slots, their places still free and
     * those booked — what disabling the court leaves on sale (it stops new slots, not these).
     */
    public CourtOnSale onSale(long courtId, LocalDate from) {
        return editor.onSale(courtId, from);
    }
}
