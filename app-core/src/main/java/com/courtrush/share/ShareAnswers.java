package com.courtrush.share;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.share.api.Holding;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Component;

/**
 * The answer to a place past a student's fair share: 409 SHARE_USED with {@code data.rule} (DAY, WEEK or
 * SAME_TIME) and {@code data.holding}, the bookings that count against it — court and time, read from the slot
 * catalog, so a refusal in the rush costs no database read.
 */
@Component
public class ShareAnswers {

    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("MM-dd HH:mm");

    private final SlotCatalog catalog;

    public ShareAnswers(SlotCatalog catalog) {
        this.catalog = catalog;
    }

    /** The answer, from what a script answered: the rule and the entries ("key,slotId[/SPORT],start,end"). */
    public CourtRushException refusal(String rule, List<String> entries) {
        return refusal(
                ShareCheck.Rule.valueOf(rule),
                entries.stream().map(this::holding).filter(Objects::nonNull).toList());
    }

    /** The answer, from the bookings that count against the rule. */
    public static CourtRushException refusal(ShareCheck.Rule rule, List<Holding> holding) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("rule", rule.name());
        data.put("holding", holding);
        return new CourtRushException(Outcome.SHARE_USED, "share.used." + rule.name(), shown(holding)).withData(data);
    }

    /**
     * The bookings as a text of the reader's language: "Court 1 11-27 18:00 (as partner), Court 2 11-27 20:00" — a
     * partner's place said as such, the list joined as the language joins one.
     */
    private static EngineText shown(List<Holding> holding) {
        EngineText shown = null;
        for (int i = holding.size() - 1; i >= 0; i--) {
            Holding h = holding.get(i);
            EngineText one = new EngineText(
                    h.asPartner() ? "share.heldAsPartner" : "share.held",
                    h.courtName(),
                    h.slotDate().atTime(h.startTime()).format(SHOWN));
            shown = shown == null ? one : new EngineText("share.heldAnd", one, shown);
        }
        return shown == null ? new EngineText("share.heldNone") : shown;
    }

    /** An entry as the booking it is; null for a slot the catalog no longer has. */
    private Holding holding(String entry) {
        String[] parts = entry.split(",");
        long slotId = Long.parseLong(parts[1].split("/")[0]);
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(Long.parseLong(parts[2]), 1440));
        SlotInfo slot = catalog.onDate(date).stream()
                .map(opening -> opening.slot(slotId))
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
        if (slot == null) {
            return null;
        }
        boolean asPartner = parts[0].startsWith("p");
        return new Holding(
                0,
                asPartner ? Long.parseLong(parts[0].substring(1)) : 0,
                slotId,
                slot.sessionId(),
                slot.courtName(),
                slot.slotDate(),
                slot.startTime(),
                slot.endTime(),
                asPartner,
                slot.sport());
    }
}
