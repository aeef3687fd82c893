package com.courtrush.pay;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.courtrush.pay.api.PayOrderStatus;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Pay orders. Every status change is a compare-and-set, made under the reservation's row lock. */
@Mapper
public interface PayOrderMapper extends BaseMapper<PayOrder> {

    @Select("select * from pay_order where out_trade_no = #{outTradeNo}")
    PayOrder findByOutTradeNo(@Param("outTradeNo") String outTradeNo);

    @Select("select * from pay_order where reservation_id = #{reservationId} and status = 'PAYING'")
    PayOrder findPaying(@Param("reservationId") long reservationId);

    @Select("select * from pay_order where reservation_id = #{reservationId} and status = #{status} "
            + "order by id desc limit 1")
    PayOrder findLatest(@Param("reservationId") long reservationId, @Param("status") PayOrderStatus status);

    @Select("select * from pay_order where reservation_id = #{reservationId} order by id")
    List<PayOrder> findAll(@Param("reservationId") long reservationId);

    /** The orders that took money (SUCCESS, or REFUNDED since) of these reservations. */
    @Select("<script>select * from pay_order where reservation_id in "
            + "<foreach item='id' collection='ids' open='(' separator=',' close=')'>#{id}</foreach> "
            + "and status in ('SUCCESS', 'REFUNDED')</script>")
    List<PayOrder> paidOf(@Param("ids") Collection<Long> reservationIds);

    @Update("update pay_order set status = 'SUCCESS', paying_key = null, paid_time = #{now}, update_time = #{now}, "
            + "transaction_id = #{transactionId} where id = #{id} and status = 'PAYING'")
    int markPaid(@Param("id") long id, @Param("now") LocalDateTime now, @Param("transactionId") String transactionId);

    /** A part of a paid order goes back; never more than is left (0 rows when it would be). */
    @Update(
            "update pay_order set refunded_cents = refunded_cents + #{cents}, refund_time = #{now}, update_time = #{now} "
                    + "where id = #{id} and status = 'SUCCESS' and refunded_cents + #{cents} < amount_cents")
    int refundPart(@Param("id") long id, @Param("cents") int cents, @Param("now") LocalDateTime now);

    /** The provider's number of a payment that arrived after its order was closed (it is refunded at once). */
    @Update("update pay_order set transaction_id = #{transactionId}, update_time = #{now} "
            + "where id = #{id} and transaction_id is null")
    int noteTransaction(
            @Param("id") long id, @Param("transactionId") String transactionId, @Param("now") LocalDateTime now);

    /**
     * Money in, money back: {@code from} → REFUNDED, all of it refunded (paid_time kept, or set now if it never
     * was).
     */
    @Update("update pay_order set status = 'REFUNDED', paying_key = null, paid_time = coalesce(paid_time, #{now}), "
            + "refunded_cents = amount_cents, refund_time = #{now}, update_time = #{now} "
            + "where id = #{id} and status = #{from}")
    int markRefunded(@Param("id") long id, @Param("from") PayOrderStatus from, @Param("now") LocalDateTime now);

    @Update("update pay_order set status = 'FAILED', paying_key = null, update_time = #{now} "
            + "where id = #{id} and status = 'PAYING'")
    int markExpired(@Param("id") long id, @Param("now") LocalDateTime now);

    @Update("update pay_order set status = 'CLOSED', paying_key = null, update_time = #{now} "
            + "where reservation_id = #{reservationId} and status = 'PAYING'")
    int closePaying(@Param("reservationId") long reservationId, @Param("now") LocalDateTime now);

    /** A live order whose booking ended: CLOSING until WeChat Pay says it is closed. */
    @Update("update pay_order set status = 'CLOSING', paying_key = null, update_time = #{now} "
            + "where id = #{id} and status = 'PAYING'")
    int markClosing(@Param("id") long id, @Param("now") LocalDateTime now);

    /** WeChat Pay said the order is closed (or never had it). */
    @Update("update pay_order set status = 'CLOSED', update_time = #{now} where id = #{id} and status = 'CLOSING'")
    int markClosed(@Param("id") long id, @Param("now") LocalDateTime now);

    /** The orders still CLOSING, longest waiting first (idx_pay_status). */
    @Select("select * from pay_order where status = 'CLOSING' order by update_time, id limit #{limit}")
    List<PayOrder> findClosing(@Param("limit") int limit);

    /**
     * What is still open at a merchant: its orders awaiting payment or their close, and its refunds awaiting WeChat
     * Pay's word.
     */
    @Select("select (select count(*) from pay_order where mchid = #{mchid} and status in ('PAYING', 'CLOSING')) "
            + "+ (select count(*) from pay_refund f join pay_order o on o.id = f.pay_order_id "
            + "where o.mchid = #{mchid} and f.status = 'REFUNDING')")
    int openAt(@Param("mchid") String mchid);
}
