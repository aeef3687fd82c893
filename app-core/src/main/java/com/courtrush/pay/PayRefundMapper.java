package com.courtrush.pay;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.courtrush.pay.api.RefundStatus;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Refunds. A refund leaves REFUNDING once, by compare-and-set: a notification and a query settle it once. */
@Mapper
public interface PayRefundMapper extends BaseMapper<PayRefund> {

    @Select("select * from pay_refund where out_refund_no = #{outRefundNo}")
    PayRefund findByNumber(@Param("outRefundNo") String outRefundNo);

    @Select("select count(*) from pay_refund where pay_order_id = #{orderId}")
    int countOf(@Param("orderId") long orderId);

    @Select("select * from pay_refund where reservation_id = #{reservationId} order by id")
    List<PayRefund> findAll(@Param("reservationId") long reservationId);

    /** Every refund of these reservations. */
    @Select("<script>select * from pay_refund where reservation_id in "
            + "<foreach item='id' collection='ids' open='(' separator=',' close=')'>#{id}</foreach></script>")
    List<PayRefund> ofReservations(@Param("ids") Collection<Long> reservationIds);

    /** Refunds still REFUNDING that were asked before {@code before}, oldest first: the ones to ask about. */
    @Select(
            "select * from pay_refund where status = 'REFUNDING' and create_time < #{before} order by id limit #{limit}")
    List<PayRefund> findUnsettled(@Param("before") LocalDateTime before, @Param("limit") int limit);

    @Update("update pay_refund set status = #{to}, refund_id = coalesce(#{refundId}, refund_id), "
            + "success_time = #{successTime}, update_time = #{now} where id = #{id} and status = 'REFUNDING'")
    int settle(
            @Param("id") long id,
            @Param("to") RefundStatus to,
            @Param("refundId") String refundId,
            @Param("successTime") LocalDateTime successTime,
            @Param("now") LocalDateTime now);
}
