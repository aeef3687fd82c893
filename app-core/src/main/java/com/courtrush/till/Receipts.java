package com.courtrush.till;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.setting.GymName;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.venue.api.DeskScope;
import java.util.List;
import org.springframework.stereotype.Service;

/**
 * The desk's receipts: one for every payment taken and every refund given by a person at the desk (a staff account,
 * or the admin token's automation), written in the transaction that moves the money, so that there is never money
 * moved without its receipt nor a receipt of money that did not move. Its number is the movement's: {@code RP} and
 * the order's number, {@code RR} and the refund's.
 */
@Service
public class Receipts {

    static final String PAYMENT = "PAYMENT";
    static final String REFUND = "REFUND";

    private final DeskReceiptMapper receipts;
    private final GymName gymName;

    Receipts(DeskReceiptMapper receipts, GymName gymName) {
        this.receipts = receipts;
        this.gymName = gymName;
    }

    /** Whether money moved by {@code actor} is the desk's: a staff member's, or the admin token's. */
    public static boolean atDesk(String actor) {
        return actor != null && (actor.startsWith("staff:") || actor.equals(Caller.ADMIN_NAME));
    }

    /** The receipt of a payment taken at the desk, in the caller's transaction. */
    public String payment(long reservationId, String outTradeNo, DeskChannel channel, int cents, String actor) {
        return write(PAYMENT, "RP" + outTradeNo, reservationId, outTradeNo, null, channel, cents, actor);
    }

    /** The receipt of money given back at the desk (or through WeChat Pay, by staff), in the caller's transaction. */
    public String refund(
            long reservationId, String outTradeNo, String outRefundNo, DeskChannel channel, int cents, String actor) {
        return write(REFUND, "RR" + outRefundNo, reservationId, outTradeNo, outRefundNo, channel, cents, actor);
    }

    private String write(
            String kind,
            String number,
            long reservationId,
            String outTradeNo,
            String outRefundNo,
            DeskChannel channel,
            int cents,
            String actor) {
        DeskReceipt receipt = new DeskReceipt();
        receipt.setReceiptNo(number);
        receipt.setKind(kind);
        receipt.setReservationId(reservationId);
        receipt.setOutTradeNo(outTradeNo);
        receipt.setOutRefundNo(outRefundNo);
        receipt.setChannel(channel);
        receipt.setAmountCents(cents);
        receipt.setActor(actor);
        receipts.insert(receipt);
        return number;
    }

    /** A receipt whole, by its number: one of the desk's venues' (another's is refused, 403; SPEC §21). */
    public ReceiptView find(String receiptNo, DeskScope scope) {
        ReceiptRow row = receipts.receipt(receiptNo);
        if (row == null) {
            throw CourtRushException.notFound("till.noReceipt", receiptNo);
        }
        scope.require(row.getVenueId());
        return view(row);
    }

    /** A booking's receipts, in order: of one of the desk's venues (another's is refused, 403). */
    public List<ReceiptView> ofReservation(long reservationId, DeskScope scope) {
        List<ReceiptRow> rows = receipts.ofReservation(reservationId);
        rows.forEach(row -> scope.require(row.getVenueId()));
        return rows.stream().map(this::view).toList();
    }

    ReceiptView view(ReceiptRow row) {
        return new ReceiptView(
                row.getReceiptNo(),
                row.getKind(),
                gymName.current(),
                row.getReservationId(),
                row.getOutTradeNo(),
                row.getOutRefundNo(),
                row.getChannel(),
                row.getAmountCents(),
                row.getActor(),
                row.getActorName(),
                row.getCreateTime(),
                row.getStudentId(),
                row.getStudentName(),
                row.getCourtName(),
                row.getSlotDate(),
                row.getStartTime(),
                row.getEndTime(),
                row.getVenueId(),
                row.getVenueNameZh(),
                row.getVenueNameEn());
    }
}
