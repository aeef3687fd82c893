package com.courtrush.attendance.api;

import com.courtrush.account.Caller;
import com.courtrush.account.ManagerOnly;
import com.courtrush.attendance.CheckInCodes;
import com.courtrush.attendance.CheckIns;
import com.courtrush.attendance.DeskBooking;
import com.courtrush.attendance.Strikes;
import com.courtrush.attendance.WalkIns;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.Shares;
import com.courtrush.share.api.ShareStanding;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What the staff console does after the rush (SPEC §16): the day's bookings at the desk, check-in by
 * scan or search and its undo, walk-ins and payment at the desk, a student's strikes and forgiving one.
 */
@Component
public class AttendanceDesk {

    private final CheckIns checkIns;
    private final WalkIns walkIns;
    private final Strikes strikes;
    private final AppSettings settings;
    private final Shares shares;
    private final Clock clock;
    private final CheckInCodes codes;

    public AttendanceDesk(
            CheckInCodes codes,
            CheckIns checkIns,
            WalkIns walkIns,
            Strikes strikes,
            Shares shares,
            AppSettings settings,
            Clock clock) {
        this.shares = shares;
        this.clock = clock;
        this.codes = codes;
        this.checkIns = checkIns;
        this.walkIns = walkIns;
        this.strikes = strikes;
        this.settings = settings;
    }

    /** The booking a check-in short code (read out by a student, any case) names; empty when it names none. */
    public java.util.OptionalLong reservationOfCode(String code) {
        return codes.reservationOfShortCode(code);
    }

    /** Minutes after its start by which a booking must be checked in ({@code NO_SHOW_GRACE_MINUTES}). */
    public int graceMinutes() {
        return settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0);
    }

    /** See {@link CheckIns#day}. */
    public List<DeskBookingView> day(LocalDate day, String query) {
        return checkIns.day(day, query).stream().map(DeskBooking::view).toList();
    }

    /** What the scanner (or staff) typed: the booking it names, checked in. */
    public DeskBookingView scan(String scanned, Caller staff) {
        return checkIns.scan(scanned, staff).view();
    }

    public DeskBookingView checkIn(long reservationId, Caller staff) {
        return checkIns.checkIn(reservationId, staff).view();
    }

    /** Takes a check-in back, within a minute of it. */
    public DeskBookingView undo(long reservationId, Caller staff) {
        return checkIns.undo(reservationId, staff).view();
    }

    /** The slots running now with their free places: what a walk-in can be booked into. */
    public List<RunningSlot> running() {
        return walkIns.running();
    }

    /** Books a walk-in into a running slot, takes the payment at the desk and checks it in. */
    public DeskBookingView walkIn(long slotId, String studentId, Caller staff) {
        return walkIns.walkIn(slotId, studentId, staff).view();
    }

    /** Takes a booking's payment at the desk (checked in too, once its check-in has opened). */
    public DeskBookingView payAtDesk(long reservationId, Caller staff) {
        return walkIns.payAtDesk(reservationId, staff).view();
    }

    /** A student's strikes and block, by student id. */
    public StrikeStanding standing(String studentId) {
        return strikes.standing(strikes.studentNamed(studentId));
    }

    /** A student's fair share this week (SPEC §16): the rules, and the bookings that count against them. */
    public ShareStanding share(String studentId) {
        return shares.standing(strikes.studentNamed(studentId), LocalDate.now(clock));
    }

    /** A manager forgives a strike, with a reason. */
    @ManagerOnly
    public StrikeStanding forgive(long strikeId, String reason, Caller manager) {
        return strikes.forgive(strikeId, reason, manager);
    }
}
