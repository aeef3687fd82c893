package com.courtrush.report;

import com.courtrush.core.CourtRushException;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.SalesReport;
import com.courtrush.report.api.Utilisation;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * What a day or a week sold, by play date. Read from the reservations and pay orders themselves, so
 * the figures are theirs:
 * <ul>
 * <li>offered: places of the slots on sale (withdrawn ones left out);</li>
 * <li>sold: reservations recorded (not those still being recorded, nor granted attempts never
 * recorded); sold = held + cancelled;</li>
 * <li>held: awaiting payment or confirmed; unsold = offered − held;</li>
 * <li>cancelled, by reason: by the student, not paid in time, refunded, by staff;</li>
 * <li>paid: reservations with a payment received (kept or refunded since); refunded: payments given back, in
 * whole or in part;</li>
 * <li>revenue: money received; refunds: money paid back; net = revenue − refunds (yuan).</li>
 * </ul>
 * Utilisation: per court and starting hour, the places held of those offered.
 */
@Service
public class SalesReports {

    /** The longest range one report covers. */
    public static final int MAX_DAYS = 92;

    /** The reasons a report counts cancels by (a granted attempt never recorded is no sale). */
    public static final List<CancelReason> REASONS = List.of(
            CancelReason.USER, CancelReason.TIMEOUT, CancelReason.REFUND, CancelReason.STAFF, CancelReason.NO_SHOW);

    private final ReportMapper mapper;

    SalesReports(ReportMapper mapper) {
        this.mapper = mapper;
    }

    /** The report of play dates {@code from} to {@code to}, both included; of one court when {@code courtId} is set. */
    public SalesReport report(LocalDate from, LocalDate to, Long courtId) {
        return compute(from, to, read(from, to, courtId));
    }

    /** The slots, reservations and pay orders of play dates {@code from} to {@code to} (of one court, or all). */
    Lines read(LocalDate from, LocalDate to, Long courtId) {
        requireRange(from, to);
        return new Lines(
                mapper.slots(from, to, courtId),
                mapper.reservations(from, to, courtId),
                mapper.payOrders(from, to, courtId),
                mapper.offers(from, to, courtId));
    }

    static void requireRange(LocalDate from, LocalDate to) {
        if (from == null || to == null || to.isBefore(from) || ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw CourtRushException.badRequest("report.badRange", MAX_DAYS);
        }
    }

    static SalesReport compute(LocalDate from, LocalDate to, Lines lines) {
        Map<Long, ReportMapper.SlotLine> slots =
                lines.slots().stream().collect(Collectors.toMap(ReportMapper.SlotLine::getId, Function.identity()));
        Map<LocalDate, Tally> days = new TreeMap<>();
        for (LocalDate day = from; !day.isAfter(to); day = day.plusDays(1)) {
            days.put(day, new Tally());
        }
        Map<UtilisationKey, int[]> use = new TreeMap<>();
        for (ReportMapper.SlotLine slot : lines.slots()) {
            if (slot.isActive()) {
                days.get(slot.getSlotDate()).offered += slot.getCapacity();
                use.computeIfAbsent(UtilisationKey.of(slot), k -> new int[2])[0] += slot.getCapacity();
            }
        }
        Map<Long, LocalDate> dateOfReservation = new HashMap<>();
        for (ReportMapper.ReservationLine r : lines.reservations()) {
            ReportMapper.SlotLine slot = slots.get(r.getSlotId());
            ReservationStatus status = ReservationStatus.valueOf(r.getStatus());
            CancelReason reason = r.getCancelReason() == null ? null : CancelReason.valueOf(r.getCancelReason());
            if (status == ReservationStatus.PENDING || reason == CancelReason.COMPENSATION) {
                continue;
            }
            dateOfReservation.put(r.getId(), slot.getSlotDate());
            Tally day = days.get(slot.getSlotDate());
            day.sold++;
            if (r.getCheckedInTime() != null) {
                day.checkedIn++;
            }
            if (status == ReservationStatus.CANCELLED) {
                day.cancelled.merge(reason, 1, Integer::sum);
            } else if (slot.isActive()) {
                day.held++;
                use.get(UtilisationKey.of(slot))[1]++;
            }
        }
        Set<Long> paid = new HashSet<>();
        for (ReportMapper.PayLine order : lines.payOrders()) {
            LocalDate date = dateOfReservation.get(order.getReservationId());
            PayOrderStatus status = PayOrderStatus.valueOf(order.getStatus());
            if (date == null || (status != PayOrderStatus.SUCCESS && status != PayOrderStatus.REFUNDED)) {
                continue;
            }
            Tally day = days.get(date);
            day.revenueCents += order.getAmountCents();
            if (paid.add(order.getReservationId())) {
                day.paid++;
            }
            if (order.getRefundedCents() > 0) {
                // refunded whole, or a part of a booking kept (SPEC §19)
                day.refunded++;
                day.refundsCents += order.getRefundedCents();
            }
        }
        for (ReportMapper.OfferLine offer : lines.offers()) {
            Tally day = days.get(offer.slotDate());
            switch (offer.status()) {
                case "TAKEN" -> day.offersTaken += (int) offer.offers();
                case "DECLINED" -> day.offersDeclined += (int) offer.offers();
                default -> day.offersExpired += (int) offer.offers();
            }
        }
        Tally total = new Tally();
        List<SalesFigures> figures = new ArrayList<>();
        days.forEach((date, tally) -> {
            total.add(tally);
            figures.add(tally.figures(date));
        });
        List<Utilisation> utilisation = new ArrayList<>();
        use.forEach((key, counts) -> utilisation.add(new Utilisation(
                key.courtName(),
                key.hour(),
                counts[0],
                counts[1],
                counts[0] == 0
                        ? BigDecimal.ZERO
                        : BigDecimal.valueOf(counts[1] * 100L)
                                .divide(BigDecimal.valueOf(counts[0]), 1, RoundingMode.HALF_UP))));
        return new SalesReport(from, to, figures, total.figures(null), utilisation);
    }

    static BigDecimal yuan(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** The slots, reservations and pay orders of a range of play dates. */
    record Lines(
            List<ReportMapper.SlotLine> slots,
            List<ReportMapper.ReservationLine> reservations,
            List<ReportMapper.PayLine> payOrders,
            List<ReportMapper.OfferLine> offers) {}

    private record UtilisationKey(String courtName, long courtId, int hour) implements Comparable<UtilisationKey> {
        static UtilisationKey of(ReportMapper.SlotLine slot) {
            return new UtilisationKey(
                    slot.getCourtName(), slot.getCourtId(), slot.getStartTime().getHour());
        }

        @Override
        public int compareTo(UtilisationKey other) {
            int byName = courtName.compareTo(other.courtName);
            if (byName != 0) {
                return byName;
            }
            return courtId != other.courtId ? Long.compare(courtId, other.courtId) : Integer.compare(hour, other.hour);
        }
    }

    private static final class Tally {
        int offered;
        int sold;
        int held;
        int paid;
        int refunded;
        int checkedIn;
        int offersTaken;
        int offersDeclined;
        int offersExpired;
        long revenueCents;
        long refundsCents;
        final Map<CancelReason, Integer> cancelled = new EnumMap<>(CancelReason.class);

        void add(Tally other) {
            offered += other.offered;
            sold += other.sold;
            held += other.held;
            paid += other.paid;
            refunded += other.refunded;
            checkedIn += other.checkedIn;
            offersTaken += other.offersTaken;
            offersDeclined += other.offersDeclined;
            offersExpired += other.offersExpired;
            revenueCents += other.revenueCents;
            refundsCents += other.refundsCents;
            other.cancelled.forEach((reason, count) -> cancelled.merge(reason, count, Integer::sum));
        }

        SalesFigures figures(LocalDate date) {
            Map<CancelReason, Integer> byReason = new EnumMap<>(CancelReason.class);
            REASONS.forEach(reason -> byReason.put(reason, cancelled.getOrDefault(reason, 0)));
            return new SalesFigures(
                    date,
                    offered,
                    sold,
                    held,
                    paid,
                    byReason,
                    refunded,
                    offered - held,
                    yuan(revenueCents),
                    yuan(refundsCents),
                    yuan(revenueCents - refundsCents),
                    checkedIn,
                    offersTaken,
                    offersDeclined,
                    offersExpired);
        }
    }
}
