package com.courtrush.report;

import com.courtrush.account.api.Category;
import com.courtrush.core.CourtRushException;
import com.courtrush.court.Court;
import com.courtrush.court.CourtService;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.report.api.CategoryFigures;
import com.courtrush.report.api.HourUse;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.SalesReport;
import com.courtrush.report.api.Utilisation;
import com.courtrush.report.api.VenueSportFigures;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.venue.Venues;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueView;
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
 * Utilisation: per court and starting hour, the places held of those offered; and per starting hour. Per venue and
 * sport (SPEC §21): places offered and held, no-shows and the money kept; per booking category: bookings and money.
 * A report covers a court, a venue, a sport or the whole centre, within the venues of the desk that asks.
 */
@Service
public class SalesReports {

    /** The longest range one report covers. */
    public static final int MAX_DAYS = 92;

    /** The reasons a report counts cancels by (a granted attempt never recorded is no sale). */
    public static final List<CancelReason> REASONS = List.of(
            CancelReason.USER, CancelReason.TIMEOUT, CancelReason.REFUND, CancelReason.STAFF, CancelReason.NO_SHOW);

    private final ReportMapper mapper;
    private final CourtService courts;
    private final Venues venues;

    SalesReports(ReportMapper mapper, CourtService courts, Venues venues) {
        this.mapper = mapper;
        this.courts = courts;
        this.venues = venues;
    }

    /** The report of play dates {@code from} to {@code to}, both included, of what {@code filter} names in scope. */
    public SalesReport report(LocalDate from, LocalDate to, ReportFilter filter, DeskScope scope) {
        return compute(from, to, read(from, to, filter, scope));
    }

    /** The slots, reservations and pay orders of play dates {@code from} to {@code to}, of the courts filtered. */
    Lines read(LocalDate from, LocalDate to, ReportFilter filter, DeskScope scope) {
        requireRange(from, to);
        List<Long> courtIds = courtsOf(filter, scope);
        Map<Long, VenueView> venueNames =
                venues.list().stream().collect(Collectors.toMap(VenueView::id, Function.identity()));
        Map<String, SportView> sportNames =
                venues.sports().stream().collect(Collectors.toMap(SportView::code, Function.identity()));
        if (courtIds != null && courtIds.isEmpty()) {
            return new Lines(List.of(), List.of(), List.of(), List.of(), venueNames, sportNames);
        }
        return new Lines(
                mapper.slots(from, to, courtIds),
                mapper.reservations(from, to, courtIds),
                mapper.payOrders(from, to, courtIds),
                mapper.offers(from, to, courtIds),
                venueNames,
                sportNames);
    }

    /**
     * The courts a report reads: null for every court (the whole centre, asked by a desk of every venue), else those of
     * the court, venue and sport asked within the desk's venues (another desk's venue asked is refused, 403).
     */
    private List<Long> courtsOf(ReportFilter filter, DeskScope scope) {
        DeskScope within = scope.narrowedTo(filter.venueId());
        if (filter.whole() && within.all()) {
            return null;
        }
        return courts.list().stream()
                .filter(court -> within.covers(court.getVenueId()))
                .filter(court -> filter.courtId() == null || filter.courtId().equals(court.getId()))
                .filter(court -> filter.sport() == null || filter.sport().equals(court.getSport()))
                .map(Court::getId)
                .toList();
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
        Map<SportKey, Use> bySport = new TreeMap<>();
        Map<Integer, Use> byHour = new TreeMap<>();
        Map<Category, Money> byCategory = new EnumMap<>(Category.class);
        for (ReportMapper.SlotLine slot : lines.slots()) {
            if (slot.isActive()) {
                days.get(slot.getSlotDate()).offered += slot.getCapacity();
                use.computeIfAbsent(UtilisationKey.of(slot), k -> new int[2])[0] += slot.getCapacity();
                bySport.computeIfAbsent(SportKey.of(slot), k -> new Use()).places += slot.getCapacity();
                byHour.computeIfAbsent(slot.getStartTime().getHour(), k -> new Use()).places += slot.getCapacity();
            }
        }
        Map<Long, ReportMapper.ReservationLine> recorded = new HashMap<>();
        Map<Long, LocalDate> dateOfReservation = new HashMap<>();
        for (ReportMapper.ReservationLine r : lines.reservations()) {
            ReportMapper.SlotLine slot = slots.get(r.getSlotId());
            ReservationStatus status = ReservationStatus.valueOf(r.getStatus());
            CancelReason reason = r.getCancelReason() == null ? null : CancelReason.valueOf(r.getCancelReason());
            if (status == ReservationStatus.PENDING || reason == CancelReason.COMPENSATION) {
                continue;
            }
            dateOfReservation.put(r.getId(), slot.getSlotDate());
            recorded.put(r.getId(), r);
            byCategory.computeIfAbsent(categoryOf(r), k -> new Money()).sold++;
            Tally day = days.get(slot.getSlotDate());
            day.sold++;
            if (r.getCheckedInTime() != null) {
                day.checkedIn++;
            }
            if (status == ReservationStatus.CANCELLED) {
                day.cancelled.merge(reason, 1, Integer::sum);
                if (reason == CancelReason.NO_SHOW) {
                    bySport.computeIfAbsent(SportKey.of(slot), k -> new Use()).noShows++;
                }
            } else if (slot.isActive()) {
                day.held++;
                use.get(UtilisationKey.of(slot))[1]++;
                bySport.get(SportKey.of(slot)).held++;
                byHour.get(slot.getStartTime().getHour()).held++;
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
            ReportMapper.ReservationLine booking = recorded.get(order.getReservationId());
            Money money = byCategory.computeIfAbsent(categoryOf(booking), k -> new Money());
            money.revenueCents += order.getAmountCents();
            money.refundsCents += order.getRefundedCents();
            bySport.computeIfAbsent(SportKey.of(slots.get(booking.getSlotId())), k -> new Use()).netCents +=
                    order.getAmountCents() - order.getRefundedCents();
            if (paid.add(order.getReservationId())) {
                day.paid++;
                money.paid++;
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
        use.forEach((key, counts) -> utilisation.add(
                new Utilisation(key.courtName(), key.hour(), counts[0], counts[1], percent(counts[1], counts[0]))));
        List<VenueSportFigures> sports = new ArrayList<>();
        bySport.forEach((key, counts) -> {
            VenueView venue = lines.venues().get(key.venueId());
            SportView sport = lines.sports().get(key.sport());
            sports.add(new VenueSportFigures(
                    key.venueId(),
                    venue == null ? String.valueOf(key.venueId()) : venue.nameZh(),
                    venue == null ? String.valueOf(key.venueId()) : venue.nameEn(),
                    key.sport(),
                    sport == null ? key.sport() : sport.nameZh(),
                    sport == null ? key.sport() : sport.nameEn(),
                    counts.places,
                    counts.held,
                    percent(counts.held, counts.places),
                    counts.noShows,
                    yuan(counts.netCents)));
        });
        List<CategoryFigures> categories = new ArrayList<>();
        byCategory.forEach((category, money) -> categories.add(new CategoryFigures(
                category,
                money.sold,
                money.paid,
                yuan(money.revenueCents),
                yuan(money.refundsCents),
                yuan(money.revenueCents - money.refundsCents))));
        List<HourUse> hours = new ArrayList<>();
        byHour.forEach((hour, counts) ->
                hours.add(new HourUse(hour, counts.places, counts.held, percent(counts.held, counts.places))));
        return new SalesReport(from, to, figures, total.figures(null), utilisation, sports, categories, hours);
    }

    /** {@code part} of {@code whole} in percent, one decimal; 0 of nothing. */
    private static BigDecimal percent(int part, int whole) {
        return whole == 0
                ? BigDecimal.ZERO
                : BigDecimal.valueOf(part * 100L).divide(BigDecimal.valueOf(whole), 1, RoundingMode.HALF_UP);
    }

    /** What a booking was granted as (a student, where no row says). */
    private static Category categoryOf(ReportMapper.ReservationLine booking) {
        return booking == null || booking.getCategory() == null
                ? Category.STUDENT
                : Category.valueOf(booking.getCategory());
    }

    static BigDecimal yuan(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** The slots, reservations and pay orders of a range of play dates, and the names of the venues and sports. */
    record Lines(
            List<ReportMapper.SlotLine> slots,
            List<ReportMapper.ReservationLine> reservations,
            List<ReportMapper.PayLine> payOrders,
            List<ReportMapper.OfferLine> offers,
            Map<Long, VenueView> venues,
            Map<String, SportView> sports) {}

    /** A venue's sport. */
    private record SportKey(long venueId, String sport) implements Comparable<SportKey> {
        static SportKey of(ReportMapper.SlotLine slot) {
            return new SportKey(slot.getVenueId(), slot.getSport());
        }

        @Override
        public int compareTo(SportKey other) {
            return venueId != other.venueId ? Long.compare(venueId, other.venueId) : sport.compareTo(other.sport);
        }
    }

    /** Places offered and held, no-shows and money kept (cents) of a venue's sport or an hour. */
    private static final class Use {
        int places;
        int held;
        int noShows;
        long netCents;
    }

    /** A category's bookings and money (cents). */
    private static final class Money {
        int sold;
        int paid;
        long revenueCents;
        long refundsCents;
    }

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
