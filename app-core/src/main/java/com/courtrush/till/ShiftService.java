package com.courtrush.till;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.core.Yuan;
import com.courtrush.setting.GymName;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.api.ShiftView;
import com.courtrush.venue.DeskVenues;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Shifts at the desk (issue 52): one opens when a staff member signs in at a console — closing the one still open
 * there, whoever's it was — and ends at "close shift". Its report sums per channel what its staff member took and
 * gave back in its time, by the receipts, beside what the engine's orders and refunds say (read from those tables, not
 * the receipts: a movement without its receipt shows), and the cash counted at the close against what it must be.
 * The close keeps its sums and is audited; a manager sees every shift of a day, a staff member their own.
 */
@Service
public class ShiftService {

    static final AuditTarget AUDIT_TARGET = AuditTarget.SHIFT;

    private final DeskShiftMapper shifts;
    private final DeskReceiptMapper receipts;
    private final Receipts views;
    private final AuditTrail audit;
    private final GymName gymName;
    private final DeskVenues desks;
    private final Clock clock;

    ShiftService(
            DeskShiftMapper shifts,
            DeskReceiptMapper receipts,
            Receipts views,
            AuditTrail audit,
            GymName gymName,
            DeskVenues desks,
            Clock clock) {
        this.desks = desks;
        this.shifts = shifts;
        this.receipts = receipts;
        this.views = views;
        this.audit = audit;
        this.gymName = gymName;
        this.clock = clock;
    }

    /**
     * A staff member signed in at {@code console}: their shift opens there, after the one still open there is closed
     * (by this sign-in, its cash not counted). Returns the new shift.
     */
    public ShiftReport open(Caller staff, String console) {
        String at = Texts.requirePlain(console == null || console.isBlank() ? "console" : console.strip(), "console");
        // a clash is another sign-in at this console, or another console taking the day's next number: try again
        for (int attempt = 1; ; attempt++) {
            DeskShift left = shifts.openAt(at);
            if (left != null) {
                close(left, null, "next sign-in", staff);
            }
            DeskShift shift = new DeskShift();
            shift.setActor(staff.actor());
            shift.setConsole(at);
            shift.setOpenConsole(at);
            // the venue whose desk it keeps: the staff member's one venue (none for one of several, or of all)
            shift.setVenueId(desks.scope(staff).single());
            shift.setOpenedTime(LocalDateTime.now(clock));
            shift.setShiftDay(shift.getOpenedTime().toLocalDate());
            shift.setDayNo(shifts.lastNumberOn(shift.getShiftDay()) + 1);
            try {
                shifts.insert(shift);
            } catch (DuplicateKeyException e) {
                if (attempt == 5) {
                    throw CourtRushException.conflict("till.consoleBusy", at);
                }
                continue; // another sign-in at the same console a moment ago: its shift is closed in turn
            }
            audit.record(
                    staff.actor(),
                    AuditAction.SHIFT_OPEN,
                    AUDIT_TARGET,
                    name(shift),
                    new EngineText("audit.shiftOpened", at));
            return report(shift);
        }
    }

    /** The shift open at a console now, if any. */
    public ShiftReport current(String console) {
        DeskShift shift = console == null ? null : shifts.openAt(console.strip());
        return shift == null ? null : report(shift);
    }

    /** A shift's report: its own staff member's, or any for a manager. */
    public ShiftReport report(long shiftId, Caller caller) {
        return report(visible(shiftId, caller));
    }

    /**
     * Closes a shift — its own staff member, or a manager — with the cash counted in the drawer (cents; null: not
     * counted) and a note; keeps its sums and audits them. Closing it again is refused.
     */
    public ShiftReport close(long shiftId, Integer countedCash, String note, Caller caller) {
        DeskShift shift = visible(shiftId, caller);
        if (countedCash != null && countedCash < 0) {
            throw CourtRushException.badRequest("till.badCount");
        }
        String why = note == null || note.isBlank() ? null : Texts.requirePlain(note.strip(), "note");
        if (shift.getOpenConsole() == null) {
            throw CourtRushException.conflict("till.alreadyClosed", shiftId);
        }
        return close(shift, countedCash, why, caller);
    }

    private ShiftReport close(DeskShift shift, Integer countedCash, String note, Caller by) {
        LocalDateTime now = LocalDateTime.now(clock);
        shift.setClosedTime(now);
        ShiftReport report = report(shift);
        Map<DeskChannel, ShiftReport.ChannelLine> lines = new EnumMap<>(DeskChannel.class);
        report.channels().forEach(line -> lines.put(line.channel(), line));
        shift.setClosedBy(by.actor());
        shift.setCashTaken(lines.get(DeskChannel.CASH).taken());
        shift.setCashBack(lines.get(DeskChannel.CASH).givenBack());
        shift.setCardTaken(lines.get(DeskChannel.CARD).taken());
        shift.setCardBack(lines.get(DeskChannel.CARD).givenBack());
        shift.setWechatTaken(lines.get(DeskChannel.WECHAT).taken());
        shift.setWechatBack(lines.get(DeskChannel.WECHAT).givenBack());
        shift.setCountedCash(countedCash);
        shift.setReceipts(report.receipts().size());
        int cashOff = countedCash != null && countedCash != report.cashExpected() ? 1 : 0;
        shift.setMismatches(
                (int) report.channels().stream().filter(line -> !line.matches()).count() + cashOff);
        shift.setNote(note);
        if (shifts.close(shift) != 1) {
            throw CourtRushException.conflict("till.alreadyClosed", shift.getId());
        }
        ShiftReport closed = report(shift);
        audit.record(
                by.actor(),
                AuditAction.SHIFT_CLOSE,
                AUDIT_TARGET,
                name(shift),
                new EngineText(
                        "audit.shiftHandedOver",
                        AuditActors.shown(shift.getActor()),
                        Yuan.of(shift.getCashTaken() - shift.getCashBack()),
                        Yuan.of(shift.getCardTaken() - shift.getCardBack()),
                        Yuan.of(shift.getWechatTaken() - shift.getWechatBack()),
                        countedCash == null ? new EngineText("audit.cashNotCounted") : "¥" + Yuan.of(countedCash),
                        closed.cashDifference() == null || closed.cashDifference() == 0
                                ? ""
                                : new EngineText("audit.cashDifference", signedYuan(closed.cashDifference())),
                        closed.matches() ? "" : "!",
                        note == null ? "" : new EngineText("audit.shiftNote", note)));
        return closed;
    }

    /**
     * The shifts opened on {@code day}: every one for a manager, a staff member's own otherwise; of the venue named
     * only, if one is (SPEC §21).
     */
    public List<ShiftView> ofDay(LocalDate day, Long venueId, Caller caller) {
        List<ShiftView> views = new ArrayList<>();
        for (DeskShift shift :
                shifts.openedBetween(day.atStartOfDay(), day.plusDays(1).atStartOfDay())) {
            boolean ofVenue = venueId == null || venueId.equals(shift.getVenueId());
            if (ofVenue && (caller.isManager() || shift.getActor().equals(caller.actor()))) {
                views.add(new ShiftView(
                        shift.getId(),
                        shift.getDayNo(),
                        shift.getActor(),
                        nameOf(shift.getActor()),
                        shift.getConsole(),
                        shift.getOpenedTime(),
                        shift.getClosedTime(),
                        shift.getCashTaken(),
                        shift.getCashBack(),
                        shift.getCardTaken(),
                        shift.getCardBack(),
                        shift.getWechatTaken(),
                        shift.getWechatBack(),
                        shift.getCountedCash(),
                        difference(shift),
                        shift.getMismatches(),
                        shift.getNote(),
                        shift.getVenueId()));
            }
        }
        return views;
    }

    private DeskShift visible(long shiftId, Caller caller) {
        DeskShift shift = shifts.selectById(shiftId);
        if (shift == null || !(caller.isManager() || shift.getActor().equals(caller.actor()))) {
            throw CourtRushException.notFound("till.noShift", shiftId);
        }
        return shift;
    }

    /** The shift's money up to its close (or now): receipts, orders and refunds of its staff member in its time. */
    private ShiftReport report(DeskShift shift) {
        LocalDateTime from = shift.getOpenedTime();
        // both ends included: MariaDB through its driver keeps whole seconds, so a shift's last receipts share its
        // closing second (the same staff member's next shift needs a sign-in after it)
        LocalDateTime to = shift.getClosedTime() != null ? shift.getClosedTime() : LocalDateTime.now(clock);
        List<ReceiptView> list = receipts.ofActor(shift.getActor(), from, to).stream()
                .map(views::view)
                .toList();
        Map<DeskChannel, long[]> byReceipts = new EnumMap<>(DeskChannel.class);
        for (DeskChannel channel : DeskChannel.values()) {
            byReceipts.put(channel, new long[3]); // taken, given back, receipts
        }
        for (ReceiptView receipt : list) {
            long[] sums = byReceipts.get(receipt.channel());
            sums[receipt.refund() ? 1 : 0] += receipt.amountCents();
            sums[2]++;
        }
        Map<DeskChannel, Long> taken = sums(receipts.takenPerOrders(shift.getActor(), from, to));
        Map<DeskChannel, Long> back = sums(receipts.backPerRefunds(shift.getActor(), from, to));
        List<ShiftReport.ChannelLine> lines = new ArrayList<>();
        for (DeskChannel channel : DeskChannel.values()) {
            long[] sums = byReceipts.get(channel);
            long ordersTaken = taken.getOrDefault(channel, 0L);
            long ordersBack = back.getOrDefault(channel, 0L);
            lines.add(new ShiftReport.ChannelLine(
                    channel,
                    (int) sums[0],
                    (int) sums[1],
                    (int) sums[2],
                    (int) ordersTaken,
                    (int) ordersBack,
                    sums[0] == ordersTaken && sums[1] == ordersBack));
        }
        long[] cash = byReceipts.get(DeskChannel.CASH);
        return new ShiftReport(
                shift.getId(),
                shift.getDayNo(),
                gymName.current(),
                shift.getActor(),
                nameOf(shift.getActor()),
                shift.getConsole(),
                shift.getOpenedTime(),
                shift.getClosedTime(),
                shift.getClosedBy(),
                lines,
                list,
                shift.getCountedCash(),
                (int) (cash[0] - cash[1]),
                lines.stream().allMatch(ShiftReport.ChannelLine::matches)
                        && (shift.getCountedCash() == null || shift.getCountedCash() == cash[0] - cash[1]),
                shift.getNote());
    }

    /**
     * A shift as the audit names it, by its day and its number in the day ("2026-11-29 #2"): never its row's id, which
     * is no count (an identity jumps after a restore).
     */
    static String name(DeskShift shift) {
        return shift.getShiftDay() + " #" + shift.getDayNo();
    }

    /** A closed shift's counted cash less what it had to be; null while open or not counted. */
    private static Integer difference(DeskShift shift) {
        return shift.getCountedCash() == null || shift.getCashTaken() == null
                ? null
                : shift.getCountedCash() - (shift.getCashTaken() - shift.getCashBack());
    }

    private static String signedYuan(int cents) {
        return (cents > 0 ? "+¥" : "−¥") + Yuan.of(Math.abs(cents));
    }

    private static Map<DeskChannel, Long> sums(List<ChannelSum> rows) {
        Map<DeskChannel, Long> sums = new EnumMap<>(DeskChannel.class);
        rows.forEach(row -> sums.merge(row.getChannel(), row.getCents() == null ? 0 : row.getCents(), Long::sum));
        return sums;
    }

    private String nameOf(String actor) {
        return actor != null && actor.startsWith("staff:") ? shifts.nameOf(actor.substring("staff:".length())) : actor;
    }
}
