package com.courtrush.attendance;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.QrCodes;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.venue.DeskVenues;
import com.courtrush.venue.api.DeskScope;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.OptionalLong;
import org.springframework.stereotype.Service;

/**
 * Check-in at the desk (SPEC §16): the day's bookings, finding one by what the student shows (the QR
 * code, the short code, the order number, the student id), marking it checked in from 30 minutes
 * before its start to its end, and taking that back within a minute. Every mark and undo is audited.
 */
@Service
public class CheckIns {

    /** A booking may be checked in from this long before its slot starts to the slot's end. */
    public static final Duration OPENS_BEFORE_START = Duration.ofMinutes(30);
    /** How long a check-in may be taken back. */
    public static final Duration UNDO_WINDOW = Duration.ofMinutes(1);

    static final AuditTarget AUDIT_TARGET = AuditTarget.RESERVATION;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final AttendanceMapper attendance;
    private final CheckInCodes codes;
    private final ReservationAccess access;
    private final AuditTrail audit;
    private final AppSettings settings;
    private final DeskVenues desks;
    private final Clock clock;

    CheckIns(
            AttendanceMapper attendance,
            CheckInCodes codes,
            ReservationAccess access,
            AuditTrail audit,
            AppSettings settings,
            DeskVenues desks,
            Clock clock) {
        this.desks = desks;
        this.settings = settings;
        this.attendance = attendance;
        this.codes = codes;
        this.access = access;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * A day's bookings at the desk, by time and court; {@code query}: a student id, an order number,
     * part of a name, or a short code (blank: all); those of the venues of {@code scope} only (SPEC §21).
     */
    public List<DeskBooking> day(LocalDate day, String query, DeskScope scope) {
        String q = query == null || query.isBlank() ? null : query.strip();
        if (q != null && q.length() > 64) {
            throw CourtRushException.badRequest("checkIn.query");
        }
        if (q != null) {
            OptionalLong byCode = codes.reservationOfShortCode(q);
            if (byCode.isPresent()) {
                DeskBooking booking = attendance.booking(byCode.getAsLong());
                if (booking != null && day.equals(booking.getSlotDate()) && scope.covers(booking.getVenueId())) {
                    return List.of(withCode(booking));
                }
            }
        }
        return attendance.day(day, q).stream()
                .filter(booking -> scope.covers(booking.getVenueId()))
                .map(this::withCode)
                .toList();
    }

    /**
     * What a scanner typed (a QR code) or the desk typed (a short code): the booking, checked in.
     * Codes of another day, before the window or after the slot, of an ended or already checked-in
     * booking are refused with what is wrong.
     */
    public DeskBooking scan(String scanned, Caller staff) {
        String text = scanned == null ? "" : scanned.strip();
        if (text.isEmpty() || text.length() > 128) {
            throw CourtRushException.badRequest("checkIn.code");
        }
        OptionalLong qr = codes.reservationOfQr(text);
        long reservationId;
        if (qr.isPresent()) {
            DeskBooking booking = attendance.booking(qr.getAsLong());
            if (booking == null
                    || !codes.signedFor(text, booking.getReservationId(), booking.getUserId(), booking.getSlotId())) {
                throw CourtRushException.notFound("checkIn.unknownCode");
            }
            reservationId = booking.getReservationId();
        } else {
            OptionalLong shortCode = codes.reservationOfShortCode(text);
            if (shortCode.isEmpty() || attendance.booking(shortCode.getAsLong()) == null) {
                throw CourtRushException.notFound("checkIn.unknownCode");
            }
            reservationId = shortCode.getAsLong();
        }
        return checkIn(reservationId, staff);
    }

    /** Marks a booking checked in (found by a search at the desk). */
    public DeskBooking checkIn(long reservationId, Caller staff) {
        DeskBooking booking = atDesk(reservationId, staff);
        LocalDateTime now = LocalDateTime.now(clock);
        if (booking.getCheckedInTime() != null) {
            throw CourtRushException.conflict(
                            "checkIn.already",
                            booking.getCheckedInTime().format(TIME),
                            booking.getStudentName(),
                            booking.getStudentId())
                    .withData(withCode(booking));
        }
        if (!booking.active()) {
            throw CourtRushException.conflict("checkIn.ended", reservationId, booking.getCancelReason());
        }
        if (booking.getStatus() != ReservationStatus.CONFIRMED) {
            throw CourtRushException.conflict("checkIn.unpaid", reservationId);
        }
        if (!open(booking, now)) {
            LocalDateTime opens = opensAt(booking);
            throw now.isBefore(opens)
                    ? CourtRushException.conflict("checkIn.tooEarly", opens.format(TIME))
                    : CourtRushException.conflict("checkIn.over", endOf(booking).format(TIME));
        }
        if (attendance.checkIn(reservationId, staff.actor(), now) != 1) {
            // checked in or ended a moment ago, by another desk or the no-show sweep
            DeskBooking meanwhile = found(reservationId);
            throw meanwhile.getCheckedInTime() != null
                    ? CourtRushException.conflict(
                            "checkIn.already",
                            meanwhile.getCheckedInTime().format(TIME),
                            meanwhile.getStudentName(),
                            meanwhile.getStudentId())
                    : CourtRushException.conflict("checkIn.ended", reservationId, meanwhile.getCancelReason());
        }
        audit.record(
                staff.actor(),
                AuditAction.CHECK_IN,
                AUDIT_TARGET,
                reservationId,
                new EngineText("audit.checkIn", booking.getStudentId()));
        return withCode(found(reservationId));
    }

    /** Takes a check-in back, within a minute of it. */
    public DeskBooking undo(long reservationId, Caller staff) {
        DeskBooking booking = atDesk(reservationId, staff);
        if (booking.getCheckedInTime() == null) {
            throw CourtRushException.conflict("checkIn.notCheckedIn", reservationId);
        }
        LocalDateTime now = LocalDateTime.now(clock);
        if (attendance.undoCheckIn(reservationId, now.minus(UNDO_WINDOW), now) != 1) {
            throw CourtRushException.conflict("checkIn.undoTooLate", UNDO_WINDOW.toSeconds());
        }
        audit.record(
                staff.actor(),
                AuditAction.CHECK_IN_UNDO,
                AUDIT_TARGET,
                reservationId,
                new EngineText("audit.checkInUndone", booking.getStudentId()));
        return withCode(found(reservationId));
    }

    /**
     * The check-in codes of a student's own active booking, or of one they accepted being a partner on (SPEC §17: a
     * partner sees the game as their own, check-in too; the desk checks the booking in, whoever shows its code), for
     * the page. To anyone else the booking does not exist.
     */
    public StudentCheckIn codesFor(long reservationId, Caller student) {
        if (!acceptedPartner(reservationId, student)) {
            access.ownedBy(reservationId, student);
        }
        DeskBooking booking = found(reservationId);
        if (!booking.active() && booking.getCheckedInTime() == null) {
            throw CourtRushException.conflict("checkIn.ended", reservationId, booking.getCancelReason());
        }
        if (booking.getStatus() == ReservationStatus.PENDING_PAYMENT) {
            // only a paid booking is checked in (SPEC §16): no code to show at the desk before it is paid
            throw CourtRushException.conflict("checkIn.payFirst", reservationId);
        }
        String qr = codes.qrText(reservationId, booking.getUserId(), booking.getSlotId());
        LocalDateTime start = booking.getSlotDate().atTime(booking.getStartTime());
        return new StudentCheckIn(
                reservationId,
                codes.shortCode(reservationId),
                qr,
                QrCodes.svg(qr),
                opensAt(booking),
                endOf(booking),
                start.plusMinutes(settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0)),
                booking.getCheckedInTime());
    }

    /**
     * Whether a student's own booking — or one they accepted being a partner on, whose sheet shows the same codes — is
     * checked in yet, and its state: one read of the reservation by its key, asked every few seconds while the page's
     * check-in sheet is open (issue 55), so nothing is drawn or signed.
     */
    public CheckInState stateFor(long reservationId, Caller student) {
        if (acceptedPartner(reservationId, student)) {
            DeskBooking booking = found(reservationId);
            return new CheckInState(reservationId, booking.getStatus(), booking.getCheckedInTime());
        }
        Reservation reservation = access.ownedBy(reservationId, student);
        return new CheckInState(reservationId, reservation.getStatus(), reservation.getCheckedInTime());
    }

    private boolean acceptedPartner(long reservationId, Caller student) {
        return student.userId() != null && attendance.acceptedPartner(reservationId, student.userId()) > 0;
    }

    /** Whether the booking's check-in is open at {@code now}: from 30 minutes before its start to its end. */
    boolean open(DeskBooking booking, LocalDateTime now) {
        return !now.isBefore(opensAt(booking)) && now.isBefore(endOf(booking));
    }

    private static LocalDateTime opensAt(DeskBooking booking) {
        return booking.getSlotDate().atTime(booking.getStartTime()).minus(OPENS_BEFORE_START);
    }

    private static LocalDateTime endOf(DeskBooking booking) {
        return booking.getSlotDate().atTime(booking.getEndTime());
    }

    /** One booking as the desk sees it, with its short code. */
    DeskBooking booking(long reservationId) {
        return withCode(found(reservationId));
    }

    /** The booking, if it is one of the venues whose desk the staff member works (403 otherwise; SPEC §21). */
    DeskBooking atDesk(long reservationId, Caller staff) {
        DeskBooking booking = found(reservationId);
        desks.scope(staff).require(booking.getVenueId());
        return booking;
    }

    private DeskBooking found(long reservationId) {
        DeskBooking booking = attendance.booking(reservationId);
        if (booking == null || booking.getCancelReason() == CancelReason.COMPENSATION) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        return booking;
    }

    private DeskBooking withCode(DeskBooking booking) {
        booking.setCode(codes.shortCode(booking.getReservationId()));
        booking.setAmountCents(settings.priceCents(booking.getPriceCents()));
        return booking;
    }

    /** A booking's check-in as the open sheet follows it: its state and when the desk checked it in (null: not yet). */
    public record CheckInState(long reservationId, ReservationStatus status, LocalDateTime checkedInTime) {}

    /**
     * A student's check-in codes for one booking: the short code, the QR code's text and picture, when
     * the desk takes them, and when the booking becomes a no-show if it is not checked in.
     */
    public record StudentCheckIn(
            long reservationId,
            String code,
            String qrText,
            String qrSvg,
            LocalDateTime validFrom,
            LocalDateTime validUntil,
            LocalDateTime noShowAfter,
            LocalDateTime checkedInTime) {}
}
