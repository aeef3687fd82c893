package com.courtrush.till.desk;

import com.courtrush.account.StaffOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.till.Receipts;
import com.courtrush.till.ShiftService;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.api.ShiftView;
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

    public TillDesk(Receipts receipts, ShiftService shifts) {
        this.receipts = receipts;
        this.shifts = shifts;
    }

    /** A receipt, by its number (RP and the order's, RR and the refund's). */
    public ReceiptView receipt(String receiptNo) {
        return receipts.find(receiptNo);
    }

    /** A booking's receipts, in order. */
    public List<ReceiptView> receiptsOf(long reservationId) {
        return receipts.ofReservation(reservationId);
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

    /** The shifts opened on a day: every one for a manager, one's own for staff. */
    @StaffOnly
    public List<ShiftView> shifts(LocalDate day, Caller caller) {
        return shifts.ofDay(day, caller);
    }
}
