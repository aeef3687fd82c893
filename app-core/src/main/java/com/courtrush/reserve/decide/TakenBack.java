package com.courtrush.reserve.decide;

import com.courtrush.core.EngineMessages;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.share.ShareAnswers;
import com.courtrush.share.ShareCheck;
import com.courtrush.share.Shares;
import com.courtrush.share.api.Holding;
import com.courtrush.share.api.SharePlace;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlotMapper;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * What a student reads of a place granted and then taken back (a FAILED result): told as the refusal at the tap would
 * have been had Redis known, in the student's language and words — never the staff's note on the compensation row.
 * A database guard's refusal (decision 26 lets two openings of one day each grant a place at the same hour; the
 * database refuses the second) names what holds the student and does not invite a retry that would be refused: past a
 * share, the rule and the booking that holds it, as they stand now; the opening's limit; the slot already theirs; the
 * slot full. A place lost on its way (the broker, a dead letter, the reconciler) says so: trying again may work.
 */
@Component
class TakenBack {

    private final Shares shares;
    private final TimeSlotMapper slots;

    TakenBack(Shares shares, TimeSlotMapper slots) {
        this.shares = shares;
        this.slots = slots;
    }

    /**
     * @param refusal  the outcome a database guard refused it as (data.refusal); null: lost on its way, try again
     * @param reason   what the student reads
     * @param rule     past a share: the rule (DAY, WEEK, SAME_TIME), as a SHARE_USED answer's {@code data.rule}
     * @param holding  past a share: the bookings that hold it, as a SHARE_USED answer's {@code data.holding}
     */
    record Told(String refusal, String reason, String rule, List<Holding> holding) {}

    /** What the compensation row of a grant tells its student, in {@code locale}. */
    Told of(Reservation row, Locale locale) {
        String refusal = row.getRefusal();
        if (Outcome.SHARE_USED.name().equals(refusal)) {
            Optional<ShareCheck.Refusal> past = pastShare(row);
            if (past.isPresent()) {
                ShareCheck.Refusal now = past.get();
                String said = ShareAnswers.refusal(now.rule(), now.holding()).message(locale);
                return new Told(refusal, said, now.rule().name(), now.holding());
            }
            // the booking that held it has ended since: the share is free, the place may be tried for again
            return lost(locale);
        }
        if (refusal != null && EngineMessages.has(locale, "result.refused." + refusal)) {
            return new Told(refusal, EngineMessages.format(locale, "result.refused." + refusal), null, null);
        }
        return lost(locale);
    }

    private Optional<ShareCheck.Refusal> pastShare(Reservation row) {
        List<SlotWithCourt> found = slots.findByIdsWithCourt(List.of(row.getSlotId()));
        if (found.isEmpty()) {
            return Optional.empty();
        }
        SlotWithCourt slot = found.get(0);
        return shares.refusalOf(
                row.getUserId(),
                SharePlace.of(slot.getSlotDate(), slot.getStartTime(), slot.getEndTime(), slot.getSport()));
    }

    private static Told lost(Locale locale) {
        return new Told(null, EngineMessages.format(locale, "result.lost"), null, null);
    }
}
