package com.courtrush.attendance.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.attendance.CheckInCodes;
import com.courtrush.attendance.CheckIns;
import com.courtrush.attendance.DeskBoards;
import com.courtrush.attendance.DeskBooking;
import com.courtrush.attendance.Strikes;
import com.courtrush.attendance.WalkIns;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.api.RunningSlot;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.Shares;
import com.courtrush.share.api.ShareStanding;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.venue.DeskVenues;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP after the rush (SPEC §16): the day's bookings at the desk, check-in
 * by scan or search and its undo, walk-ins and payment at the desk, a student's strikes and forgiving one.
 */
@Component
public class AttendanceDesk {

    private final CheckIns checkIns;
    private final WalkIns walkIns;
    private final Strikes strikes;
    private final Shares shares;
    private final Clock clock;
    private final CheckInCodes codes;
    private final ReservationDesk reservations;
    private final DeskBoards boards;
    private final AppSettings settings;
    private final DeskVenues desks;

    /** An order number as the students' page shows it (CR and digits; typed in any case): one booking, any day. */
    static final Pattern ORDER_NUMBER = Pattern.compile("(?i)CR\\d{6,}");

    public AttendanceDesk(
            CheckInCodes codes,
            ReservationDesk reservations,
            DeskBoards boards,
            CheckIns checkIns,
            WalkIns walkIns,
            Strikes strikes,
            Shares shares,
            AppSettings settings,
            DeskVenues desks,
            Clock clock) {
        this.desks = desks;
        this.shares = shares;
        this.clock = clock;
        this.codes = codes;
        this.reservations = reservations;
        this.boards = boards;
        this.settings = settings;
        this.checkIns = checkIns;
        this.walkIns = walkIns;
        this.strikes = strikes;
    }

    /** Minutes after its start by which a booking must be checked in ({@code NO_SHOW_GRACE_MINUTES}): the console's hint. */
    public int graceMinutes() {
        return settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0);
    }

    /** See {@link CheckIns#day}: of the venues whose desk the staff member works, or the one they picked. */
    public List<DeskBookingView> day(LocalDate day, String query, Long venueId, Caller staff) {
        return checkIns.day(day, query, desks.scope(staff, venueId)).stream()
                .map(DeskBooking::view)
                .toList();
    }

    /**
     * The desk's board of {@code day} (issue 52): its courts and hours, each slot with its bookings — unpaid, paid,
     * checked in, a no-show, a walk-in — and the places left; whether a slot runs now (a walk-in may be booked). The
     * courts of the venues whose desk the staff member works (SPEC §21), or of the one they picked.
     */
    public DeskBoard board(LocalDate day, Long venueId, Caller staff) {
        return boards.board(day, desks.scope(staff, venueId));
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
    public List<RunningSlot> running(Long venueId, Caller staff) {
        return walkIns.running(desks.scope(staff, venueId));
    }

    /**
     * Books a walk-in into a running slot, takes the payment at the desk in {@code channel} (cash or card; none: cash)
     * for the amount staff were shown and confirmed ({@link RunningSlot#priceCents}; none: whatever it costs) — refused
     * before anything is booked if it costs another now — and checks it in.
     */
    public DeskBookingView walkIn(long slotId, String studentId, DeskChannel channel, int expectedCents, Caller staff) {
        return walkIns.walkIn(slotId, studentId, channel, expectedCents, staff).view();
    }

    /**
     * Takes the payment at the desk in {@code channel} (cash or card; none: cash) for the amount staff were shown and
     * confirmed ({@link DeskBookingView#amountCents}): refused, saying what it costs now, if the price changed
     * meanwhile; no amount: whatever it costs. A receipt is written with it.
     */
    public DeskBookingView payAtDesk(long reservationId, int expectedCents, DeskChannel channel, Caller staff) {
        return walkIns.payAtDesk(reservationId, expectedCents, channel, staff).view();
    }

    /** A student's strikes and block, by student id. */
    public StrikeStanding standing(String studentId) {
        return strikes.standing(strikes.studentNamed(studentId));
    }

    /** A student's fair share this week (SPEC §16): the rules, and the bookings that count against them. */
    public ShareStanding share(String studentId) {
        return shares.standing(strikes.studentNamed(studentId), LocalDate.now(clock));
    }

    /**
     * The bookings a student's words or papers name at the desk: {@code text} is a name or part of it, a student id,
     * a whole or partial order number — looked for among the bookings played from {@code from} to {@code until}
     * (none: {@link ReservationFilter#SEARCH_DAYS} days around today), so that no search walks the whole history — or
     * a check-in code or a whole order number, which name one booking whatever its day. No text: the dates' bookings.
     */
    public ReservationPage search(
            String text,
            ReservationStatus status,
            LocalDate from,
            LocalDate until,
            Long courtId,
            int page,
            int size,
            Caller staff) {
        String q = text == null ? "" : text.strip();
        if (q.isEmpty()) {
            return reservations.find(
                    new ReservationFilter(
                            null, null, null, status, from, courtId, null, false, null, null, until, null),
                    page,
                    size,
                    staff);
        }
        if (ORDER_NUMBER.matcher(q).matches()) {
            return reservations.find(
                    new ReservationFilter(
                            null, null, null, status, null, null, null, false, null, q.toUpperCase(Locale.ROOT)),
                    page,
                    size,
                    staff);
        }
        ReservationPage found =
                reservations.find(ReservationFilter.matching(q, status, from, until, courtId), page, size, staff);
        if (found.total() > 0) {
            return found;
        }
        OptionalLong byCode = codes.reservationOfShortCode(q);
        return byCode.isEmpty()
                ? found
                : reservations.find(
                        new ReservationFilter(
                                null, null, null, status, null, null, null, false, byCode.getAsLong(), null),
                        page,
                        size,
                        staff);
    }

    /** A manager forgives a strike, with a reason. */
    @ManagerOnly
    public StrikeStanding forgive(long strikeId, String reason, Caller manager) {
        return strikes.forgive(strikeId, reason, manager);
    }
}
