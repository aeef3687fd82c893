package com.courtrush.till.desk;

import com.courtrush.account.StaffOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.till.Receipts;
import com.courtrush.till.ShiftService;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.api.ShiftView;
import com.courtrush.venue.DeskVenues;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What the console and the staff API do with the desk's money (issue 52): its receipts, and the shifts — opened at a
 * staff member's sign-in at a console, closed with the cash counted, each with its report.
 */
@Component
public class TillDesk {

    private final Receipts receipts;
    private final ShiftService shifts;

    private final DeskVenues desks;

    public TillDesk(Receipts receipts, ShiftService shifts, DeskVenues desks) {
        this.receipts = receipts;
        this.shifts = shifts;
        this.desks = desks;
    }

    /** A receipt, by its number (RP and the order's, RR and the refund's): one of the caller's venues'. */
    public ReceiptView receipt(String receiptNo, Caller staff) {
        return receipts.find(receiptNo, desks.scope(staff));
    }

    /** A booking's receipts, in order: a booking of one of the caller's venues. */
    public List<ReceiptView> receiptsOf(long reservationId, Caller staff) {
        return receipts.ofReservation(reservationId, desks.scope(staff));
    }

    /** A staff member signed in at {@code console}: their shift opens (the one left open there is closed). */
    @StaffOnly
    public ShiftReport openShift(Caller staff, String console) {
        return shifts.open(staff, console);
    }

    /** The shift open at {@code console} now; null: none. */
    public ShiftReport currentShift(String console) {
        return shifts.current(console);
    }

    /** A shift's report, up to now while it is open: its own staff member's, or any for a manager. */
    @StaffOnly
    public ShiftReport shift(long shiftId, Caller caller) {
        return shifts.report(shiftId, caller);
    }

    /** Closes a shift with the cash counted (cents; null: not counted) and a note; audited. */
    @StaffOnly
    public ShiftReport closeShift(long shiftId, Integer countedCash, String note, Caller caller) {
        return shifts.close(shiftId, countedCash, note, caller);
    }

    /** The shifts opened on a day: every one for a manager (of one venue if they pick it), one's own for staff. */
    @StaffOnly
    public List<ShiftView> shifts(LocalDate day, Long venueId, Caller caller) {
        return shifts.ofDay(day, venueId, caller);
    }
}
