package com.courtrush.till;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * Receipts, read with their booking; and what the engine's own orders and refunds say a staff member took and gave
 * back over a time — the till's check, read from the money's tables, not from the receipts.
 */
@Mapper
interface DeskReceiptMapper extends BaseMapper<DeskReceipt> {

    String RECEIPT_COLUMNS =
            "select d.receipt_no, d.kind, d.reservation_id, d.out_trade_no, d.out_refund_no, d.channel, "
                    + "d.amount_cents, d.actor, d.create_time, a.display_name as actor_name, u.student_id, "
                    + "u.display_name as student_name, c.name as court_name, s.slot_date, s.start_time, s.end_time, "
                    + "c.venue_id, v.name_zh as venue_name_zh, v.name_en as venue_name_en "
                    + "from desk_receipt d join reservation r on r.id = d.reservation_id "
                    + "join user_account u on u.id = r.user_id join time_slot s on s.id = r.slot_id "
                    + "join court c on c.id = s.court_id join venue v on v.id = c.venue_id "
                    + "left join user_account a on d.actor like 'staff:%' and a.student_id = substring(d.actor, 7) ";

    @Select(RECEIPT_COLUMNS + "where d.receipt_no = #{receiptNo}")
    ReceiptRow receipt(@Param("receiptNo") String receiptNo);

    @Select(RECEIPT_COLUMNS + "where d.reservation_id = #{reservationId} order by d.id")
    List<ReceiptRow> ofReservation(@Param("reservationId") long reservationId);

    /**
     * A staff member's receipts from {@code from} to {@code to}, both included (a database that keeps whole seconds
     * has a shift's last receipts in its closing second), in order.
     */
    @Select(RECEIPT_COLUMNS + "where d.actor = #{actor} and d.create_time >= #{from} and d.create_time <= #{to} "
            + "order by d.id")
    List<ReceiptRow> ofActor(
            @Param("actor") String actor, @Param("from") LocalDateTime from, @Param("to") LocalDateTime to);

    /**
     * What the orders say a staff member took at the desk over the time, by channel: their DESK orders paid then
     * (an order of before the till knew its channel: cash), and the online orders they marked paid (WECHAT).
     */
    @Select("select coalesce(desk_channel, case when channel = 'DESK' then 'CASH' else 'WECHAT' end) as channel, "
            + "sum(amount_cents) as cents, count(*) as count from pay_order "
            + "where taken_by = #{actor} and paid_time >= #{from} and paid_time <= #{to} "
            + "group by coalesce(desk_channel, case when channel = 'DESK' then 'CASH' else 'WECHAT' end)")
    List<ChannelSum> takenPerOrders(
            @Param("actor") String actor, @Param("from") LocalDateTime from, @Param("to") LocalDateTime to);

    /**
     * What the refunds say a staff member gave back over the time, by channel: a DESK order's in the way it was
     * paid, any other's through WeChat Pay.
     */
    @Select("select case when o.channel = 'DESK' then coalesce(o.desk_channel, 'CASH') else 'WECHAT' end as channel, "
            + "sum(f.amount_cents) as cents, count(*) as count from pay_refund f join pay_order o on o.id = f.pay_order_id "
            + "where f.actor = #{actor} and f.create_time >= #{from} and f.create_time <= #{to} "
            + "group by case when o.channel = 'DESK' then coalesce(o.desk_channel, 'CASH') else 'WECHAT' end")
    List<ChannelSum> backPerRefunds(
            @Param("actor") String actor, @Param("from") LocalDateTime from, @Param("to") LocalDateTime to);
}
