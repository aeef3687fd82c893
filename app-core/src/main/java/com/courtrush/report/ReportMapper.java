package com.courtrush.report;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import lombok.Getter;
import lombok.Setter;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * What reports and exports read: the slots of a range of play dates (of some courts: a venue's, a sport's), their
 * reservations and pay orders.
 */
@Mapper
interface ReportMapper {

    /** The courts of {@code courtIds} (null: every court): never an empty list, which SQL cannot say. */
    String OF_COURTS = "<foreach collection='courtIds' item='cid' open='(' separator=',' close=')'>#{cid}</foreach>";

    /** The slots of the range, of the courts given (every court when {@code courtIds} is null). */
    String SLOTS_IN_RANGE = "s.slot_date between #{from} and #{to}" + "<if test='courtIds != null'> and s.court_id in "
            + OF_COURTS + "</if>";

    @Select("<script>select s.id, s.court_id, c.name as court_name, c.venue_id, c.sport, s.slot_date, s.start_time, "
            + "s.end_time, s.capacity, s.active, s.price_cents from time_slot s join court c on c.id = s.court_id where "
            + SLOTS_IN_RANGE + " order by s.slot_date, c.name, s.start_time, s.id</script>")
    List<SlotLine> slots(
            @Param("from") LocalDate from, @Param("to") LocalDate to, @Param("courtIds") List<Long> courtIds);

    /** The range's reservations, each with the category it was granted as (the account's, on a row of before). */
    @Select("<script>select r.id, r.slot_id, r.status, r.cancel_reason, r.note, r.create_time, r.checked_in_time, "
            + "r.price_cents, coalesce(r.category, u.category) as category, u.student_id, "
            + "u.display_name as student_name from reservation r join time_slot s on s.id = r.slot_id "
            + "join user_account u on u.id = r.user_id where " + SLOTS_IN_RANGE + " order by r.id</script>")
    List<ReservationLine> reservations(
            @Param("from") LocalDate from, @Param("to") LocalDate to, @Param("courtIds") List<Long> courtIds);

    @Select("<script>select p.id, p.out_trade_no, p.reservation_id, p.amount_cents, p.refunded_cents, p.status, "
            + "p.paid_time, "
            + "p.refund_time, p.create_time from pay_order p join reservation r on r.id = p.reservation_id "
            + "join time_slot s on s.id = r.slot_id where " + SLOTS_IN_RANGE + " order by p.id</script>")
    List<PayLine> payOrders(
            @Param("from") LocalDate from, @Param("to") LocalDate to, @Param("courtIds") List<Long> courtIds);

    /** A slot with its court's name. */
    @Getter
    @Setter
    class SlotLine {
        private long id;
        private long courtId;
        private String courtName;
        /** Its court's venue and sport (SPEC §21). */
        private long venueId;

        private String sport;
        private LocalDate slotDate;
        private LocalTime startTime;
        private LocalTime endTime;
        private int capacity;
        private boolean active;
        private Integer priceCents;
    }

    /** A reservation with its student. */
    @Getter
    @Setter
    class ReservationLine {
        private long id;
        private long slotId;
        private String status;
        private String cancelReason;
        private String note;
        private LocalDateTime createTime;
        private LocalDateTime checkedInTime;
        /** The price it was granted at; null on a row of before (its slot's). */
        private Integer priceCents;
        /** STUDENT or FACULTY: what its student booked it as (SPEC §21). */
        private String category;

        private String studentId;
        private String studentName;
    }

    /**
     * What became of the waitlist's offers (SPEC §16) of the range's slots: TAKEN, DECLINED, EXPIRED, by play date —
     * those of the waits still kept, and those of the waits removed past their retention, kept as daily figures
     * (SPEC §20; each offer is in one or the other: they move in one transaction).
     */
    // from the range's slots (H2 would otherwise read every ended offer of the past and look each slot up)
    // (a play date and status may come in several lines: they add up)
    @Select("<script>select s.slot_date, w.status, count(*) as offers from time_slot s use index (idx_slot_date) "
            + "join waitlist_entry w on w.slot_id = s.id where " + SLOTS_IN_RANGE
            + " and w.status in ('TAKEN', 'DECLINED', 'EXPIRED') group by s.slot_date, w.status "
            + "union all select d.slot_date, d.status, d.offers from waitlist_offer_day d "
            + "where d.slot_date between #{from} and #{to}<if test='courtIds != null'> and d.court_id in " + OF_COURTS
            + "</if></script>")
    List<OfferLine> offers(
            @Param("from") LocalDate from, @Param("to") LocalDate to, @Param("courtIds") List<Long> courtIds);

    /** Offers of one play date that ended one way. */
    record OfferLine(LocalDate slotDate, String status, long offers) {}

    /** A pay order. */
    @Getter
    @Setter
    class PayLine {
        private long id;
        private String outTradeNo;
        private long reservationId;
        private int amountCents;
        /** Given back so far, in part or whole. */
        private int refundedCents;

        private String status;
        private LocalDateTime paidTime;
        private LocalDateTime refundTime;
        private LocalDateTime createTime;
    }
}
