package com.courtrush.till;

import com.courtrush.till.api.DeskChannel;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** A receipt with its booking, as {@link DeskReceiptMapper} reads it. */
@Getter
@Setter
public class ReceiptRow {
    private String receiptNo;
    private String kind;
    private Long reservationId;
    private String outTradeNo;
    private String outRefundNo;
    private DeskChannel channel;
    private Integer amountCents;
    private String actor;
    private String actorName;
    private LocalDateTime createTime;
    private String studentId;
    private String studentName;
    private String courtName;
    private LocalDate slotDate;
    private LocalTime startTime;
    private LocalTime endTime;
    private Long venueId;
    private String venueNameZh;
    private String venueNameEn;
}
