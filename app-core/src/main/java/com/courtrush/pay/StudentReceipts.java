package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.ReceiptPdf;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.PayRefundView;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.setting.GymName;
import com.courtrush.venue.Venues;
import com.courtrush.venue.api.VenueView;
import java.math.BigDecimal;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * A student's receipt of a paid booking (SPEC §21), to download from My bookings and file: the gym and the venue, the
 * booking, each payment with its order number, each refund, and what was kept — in the student's language, on the
 * same paper as the desk's receipts ({@link ReceiptPdf}). Only the booking's own student gets it, once something was
 * paid.
 */
@Component
public class StudentReceipts {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final ReservationAccess access;
    private final ReservationDetails details;
    private final ReservationMapper reservations;
    private final Venues venues;
    private final GymName gymName;

    StudentReceipts(
            ReservationAccess access,
            ReservationDetails details,
            ReservationMapper reservations,
            Venues venues,
            GymName gymName) {
        this.access = access;
        this.details = details;
        this.reservations = reservations;
        this.venues = venues;
        this.gymName = gymName;
    }

    /** The receipt's lines, in {@code locale}: refused (409) while nothing of the booking was paid. */
    public List<String> lines(long reservationId, Caller student, Locale locale) {
        access.ownedBy(reservationId, student);
        ReservationDetailsView booking = details.of(reservationId, locale, student);
        List<PayOrderView> paid = booking.payOrders().stream()
                .filter(order -> order.status() == PayOrderStatus.SUCCESS && order.paidTime() != null)
                .toList();
        if (paid.isEmpty()) {
            throw CourtRushException.conflict("receipt.unpaid", reservationId);
        }
        List<String> lines = new ArrayList<>();
        String gym = gymName.current();
        lines.add(gym);
        VenueView venue = venues.view(reservations.venueOf(reservationId));
        String venueName = Locale.CHINESE.getLanguage().equals(locale.getLanguage()) ? venue.nameZh() : venue.nameEn();
        if (!gym.equals(venueName)) {
            lines.add(venueName);
        }
        lines.add(say(locale, "receipt.title"));
        lines.add("");
        lines.add(say(locale, "receipt.booking", reservationId));
        lines.add(say(
                locale,
                "receipt.when",
                booking.courtName(),
                booking.slot().slotDate(),
                TIME.format(booking.slot().startTime()) + "–"
                        + TIME.format(booking.slot().endTime())));
        lines.add(say(locale, "receipt.student", booking.studentName(), booking.studentId()));
        int paidCents = 0;
        for (PayOrderView order : paid) {
            lines.add("");
            lines.add(say(locale, "receipt.order", order.outTradeNo()));
            lines.add(say(
                    locale,
                    order.atDesk() ? "receipt.paidAtDesk" : "receipt.paidOnline",
                    yuan(order.amountCents()),
                    STAMP.format(order.paidTime())));
            paidCents += order.amountCents();
        }
        int refundedCents = 0;
        for (PayRefundView refund : booking.refunds()) {
            String when = STAMP.format(refund.successTime() != null ? refund.successTime() : refund.createTime());
            if (refund.status() == RefundStatus.SUCCESS) {
                refundedCents += refund.amountCents();
                lines.add(say(locale, "receipt.refunded", yuan(refund.amountCents()), when, refund.outRefundNo()));
            } else if (refund.status() == RefundStatus.REFUNDING) {
                lines.add(say(locale, "receipt.refunding", yuan(refund.amountCents()), when, refund.outRefundNo()));
            }
        }
        lines.add("");
        lines.add(say(locale, "receipt.kept", yuan(paidCents - refundedCents)));
        return lines;
    }

    /** The receipt as a PDF, in {@code locale}. */
    public byte[] pdf(long reservationId, Caller student, Locale locale) {
        return ReceiptPdf.of(lines(reservationId, student, locale), "of booking " + reservationId);
    }

    private static String say(Locale locale, String key, Object... args) {
        return EngineMessages.format(locale, key, args);
    }

    private static String yuan(int cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }
}
