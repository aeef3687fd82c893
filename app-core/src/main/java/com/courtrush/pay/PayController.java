package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(
        name = "Pay",
        description = "WeChat Pay: SIMULATED (no money moves) until a manager sets the merchant; then live, APIv3")
@RestController
@RequestMapping("/pay")
class PayController {

    private static final Logger log = LoggerFactory.getLogger(PayController.class);

    private final PaymentService payments;
    private final RefundService refunds;
    private final PaymentNotifications notifications;
    private final PaymentDesk desk;

    private final AskWechatPay wechatPay;

    PayController(
            PaymentService payments,
            RefundService refunds,
            PaymentNotifications notifications,
            PaymentDesk desk,
            AskWechatPay wechatPay) {
        this.payments = payments;
        this.refunds = refunds;
        this.notifications = notifications;
        this.desk = desk;
        this.wechatPay = wechatPay;
    }

    @Operation(
            summary = "Create (or reuse) the WeChat pay order of an unpaid reservation",
            description = "scene: H5 (a phone's browser: open h5Url), NATIVE (a computer: show qrSvg to scan) or "
                    + "JSAPI (inside WeChat: jsapi for WeixinJSBridge; the first time a 409 pay.openIdNeeded whose "
                    + "data.authorizeUrl is WeChat's OAuth, which sends the student back to /?pay={id}&code=&state= — "
                    + "then wechatCode and wechatState); H5 when none is given. `simulated` says whether money moves. "
                    + "An order WeChat Pay says is paid already (ORDERPAID: its notification lost) is settled instead: "
                    + "200 with status SUCCESS and nothing to open.")
    @PostMapping("/wechat/{reservationId}")
    ApiResponse<PaymentService.OrderView> pay(
            @PathVariable @Positive long reservationId,
            @RequestBody(required = false) @Valid PayRequest request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        PayRequest body = request == null ? new PayRequest(null, null, null) : request;
        PayScene scene = body.scene() == null ? PayScene.H5 : body.scene();
        PaymentService.OrderView order = payments.createOrder(
                reservationId, caller, scene, http.getRemoteAddr(), body.wechatCode(), body.wechatState());
        return switch (order.status()) {
            case PAYING -> ApiResponse.ok(order);
            case SUCCESS -> ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "ok.paidAtWechatPay"), order);
            case REFUNDED -> ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "ok.autoRefunded"), order);
            default -> ApiResponse.ok(order);
        };
    }

    @Operation(
            summary =
                    "Ask WeChat Pay now whether the reservation's live order is paid (the student is back from paying)",
            description = "WeChat Pay's notification may be lost: a paid order is settled at once (the booking "
                    + "CONFIRMED). Asked at most once per few seconds per order, whoever polls: wechatPay says what it "
                    + "said — PAID, NOT_PAID, UNREACHABLE, ASKED_A_MOMENT_AGO (not asked again yet) or NOTHING_TO_ASK "
                    + "(not waiting for a live payment) — with askedAt, and the booking as it stands.")
    @PostMapping("/reservation/{reservationId}/check")
    ApiResponse<AskWechatPay.Checked> check(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(wechatPay.check(reservationId, caller));
    }

    @Operation(summary = "Staff only: report a simulated WeChat payment as successful (idempotent)")
    @PostMapping("/wechat/mock-success/{outTradeNo}")
    ApiResponse<PaidView> mockSuccess(
            @PathVariable @Size(max = 64) String outTradeNo,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        PaidView paid = desk.markOrderPaid(outTradeNo, caller);
        String key = switch (paid.outcome()) {
            case CONFIRMED -> "ok.paid";
            case ALREADY_PAID -> "ok.alreadyPaid";
            case AUTO_REFUNDED -> "ok.autoRefunded";
            case ALREADY_REFUNDED -> "ok.alreadyRefunded";
        };
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), key), paid);
    }

    @Operation(
            summary = "Refund a paid reservation (owner or staff); staff may override the cut-off with a reason",
            description =
                    "Whole by default: the booking is CANCELLED (REFUND) and its place given back. Staff may give "
                            + "back a part instead (amountCents, less than is left, with a reason): the booking stays "
                            + "CONFIRMED. At live WeChat Pay a refund is REFUNDING until WeChat Pay says how it ended.")
    @PostMapping("/refund/{reservationId}")
    ApiResponse<Refunded> refund(
            @PathVariable @Positive long reservationId,
            @RequestBody(required = false) @Valid RefundRequest request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        RefundRequest body = request == null ? new RefundRequest(null, null, null) : request;
        boolean override = Boolean.TRUE.equals(body.overrideCutoff());
        Refunded refunded;
        if (caller.isStaff()) {
            // staff's refunds (an override, a part) go through the desk, as the console's and /admin's do
            refunded = body.amountCents() != null
                    ? desk.refundPart(reservationId, body.amountCents(), body.reason(), caller)
                    : desk.refund(reservationId, caller, body.reason(), override);
        } else if (body.amountCents() != null) {
            throw CourtRushException.forbidden("http.forbidden"); // a part is given back by staff only
        } else if (override) {
            throw CourtRushException.badRequest("refund.overrideNotAllowed"); // the cut-off is staff's to lift
        } else {
            refunded = refunds.refundOwn(reservationId, caller, body.reason());
        }
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), refunded.said()), refunded);
    }

    @Operation(
            summary = "WeChat Pay's notifications (payment and refund results), signed and encrypted",
            description = "Answers in WeChat Pay's format, not the envelope (the one exception), by one rule: 204 "
                    + "when the engine is done with it — handled, or set aside with its reason audited (not WeChat "
                    + "Pay's signature, stale, unreadable, too large; another amount or merchant than the order's, "
                    + "which alerts staff) — and {\"code\":\"FAIL\"} with an error status only when WeChat Pay "
                    + "should send it again (the engine could not record it now). Anyone may post; only WeChat Pay's "
                    + "signature makes it count.")
    @PostMapping(value = "/wechat/notify", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Map<String, String>> notified(
            @RequestBody(required = false) String body,
            @RequestHeader(value = "Wechatpay-Serial", required = false) String serial,
            @RequestHeader(value = "Wechatpay-Signature", required = false) String signature,
            @RequestHeader(value = "Wechatpay-Timestamp", required = false) String timestamp,
            @RequestHeader(value = "Wechatpay-Nonce", required = false) String nonce,
            @RequestHeader(value = "Wechatpay-Signature-Type", required = false) String signType,
            HttpServletRequest http) {
        try {
            notifications.take(
                    body,
                    new PaymentNotifications.Signed(serial, signature, timestamp, nonce, signType),
                    http.getRemoteAddr());
        } catch (RuntimeException e) {
            // not recorded now (the database, a lock, this node without the keys): WeChat Pay sends it again
            log.error(
                    "A WeChat Pay notification from {} could not be recorded now; WeChat Pay sends it again",
                    http.getRemoteAddr(),
                    e);
            return NotifyAnswers.again(HttpStatus.INTERNAL_SERVER_ERROR, "not recorded now");
        }
        return NotifyAnswers.done();
    }

    @Operation(summary = "Which WeChat Pay runs: simulated (no money moves) or live, and the payee's name")
    @GetMapping("/mode")
    ApiResponse<PaymentService.PayMode> mode() {
        return ApiResponse.ok(payments.mode());
    }

    @Operation(summary = "A reservation's payment state")
    @GetMapping("/reservation/{reservationId}")
    ApiResponse<PaymentService.PaymentState> state(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(payments.state(reservationId, caller));
    }

    record RefundRequest(
            @Size(max = 200) String reason,
            Boolean overrideCutoff,
            @Positive Integer amountCents) {}

    /** {@code wechatCode}, {@code wechatState}: what WeChat's OAuth sent the student back with (JSAPI). */
    record PayRequest(
            PayScene scene,
            @Size(max = 128) String wechatCode,
            @Size(max = 64) String wechatState) {}
}
