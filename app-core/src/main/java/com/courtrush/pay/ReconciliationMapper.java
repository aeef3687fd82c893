package com.courtrush.pay;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Reconciliation runs and their items; and the day's live payments and refunds they compare with the bill. */
@Mapper
interface ReconciliationMapper extends BaseMapper<Reconciliation> {

    /** The payments made at the live merchant and paid in the time, by their order's number. */
    @Select("select out_trade_no as number, out_trade_no, amount_cents as cents from pay_order "
            + "where mchid is not null and paid_time >= #{from} and paid_time < #{to}")
    List<LiveMoney> payments(@Param("from") LocalDateTime from, @Param("to") LocalDateTime to);

    /** The refunds of live orders that reached the student in the time, by their number. */
    @Select("select f.out_refund_no as number, o.out_trade_no, f.amount_cents as cents from pay_refund f "
            + "join pay_order o on o.id = f.pay_order_id where o.mchid is not null and f.status = 'SUCCESS' "
            + "and f.success_time >= #{from} and f.success_time < #{to}")
    List<LiveMoney> refunds(@Param("from") LocalDateTime from, @Param("to") LocalDateTime to);

    @Insert(
            "<script>insert into pay_reconciliation_item (reconciliation_id, kind, number, out_trade_no, here_cents, "
                    + "there_cents, outcome) values <foreach collection='items' item='i' separator=','>(#{i.reconciliationId}, "
                    + "#{i.kind}, #{i.number}, #{i.outTradeNo}, #{i.hereCents}, #{i.thereCents}, #{i.outcome})</foreach></script>")
    int insertItems(@Param("items") List<ReconciliationItem> items);

    @Select("select * from pay_reconciliation where bill_date = #{day} order by id desc")
    List<Reconciliation> ofDay(@Param("day") LocalDate day);

    @Select("select * from pay_reconciliation_item where reconciliation_id = #{id} "
            + "order by case when outcome = 'MATCHED' then 1 else 0 end, id")
    List<ReconciliationItem> items(@Param("id") long reconciliationId);

    /**
     * The run's payments and refunds of orders of these venues' bookings (SPEC §21: a desk worker's reconciliation),
     * in the order of {@link #items}; one only at WeChat Pay has no order here, so no venue, and is not among them.
     */
    @Select("<script>select i.* from pay_reconciliation_item i where i.reconciliation_id = #{id} and exists "
            + "(select 1 from pay_order p join reservation r on r.id = p.reservation_id "
            + "join reserve_session s on s.id = r.session_id where p.out_trade_no = i.out_trade_no and s.venue_id in "
            + "<foreach collection='venueIds' item='v' open='(' separator=',' close=')'>#{v}</foreach>) "
            + "order by case when i.outcome = 'MATCHED' then 1 else 0 end, i.id</script>")
    List<ReconciliationItem> itemsOfVenues(
            @Param("id") long reconciliationId, @Param("venueIds") java.util.Collection<Long> venueIds);
}
