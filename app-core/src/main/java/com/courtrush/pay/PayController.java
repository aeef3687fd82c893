package com.courtrush.pay;

import com.courtrush.account.Caller;
import com.courtrush.core.EngineMessages;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.Refunded;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Pay", description = "WeChat Pay — SIMULATED: no merchant credentials, no money moves")
@RestController
@RequestMapping("/pay")
class PayController {

    private final PaymentService payments;
    private final RefundService refunds;

    PayController(PaymentService payments, RefundService refunds) {
        this.payments = payments;
        this.refunds = refunds;
    }

    @Operation(summary = "Create (or reuse) the WeChat pay order of an unpaid reservation — simulated gateway")
    @PostMapping("/wechat/{reservationId}")
    ApiResponse<PaymentService.OrderView> pay(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(payments.createOrder(reservationId, caller));
    }

    @Operation(summary = "Staff only: report a simulated WeChat payment as successful (idempotent)")
    @PostMapping("/wechat/mock-success/{outTradeNo}")
    ApiResponse<PaidView> mockSuccess(
            @PathVariable @Size(max = 64) String outTradeNo,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        PaidView paid = payments.onPaid(outTradeNo, caller.actor());
        String key = switch (paid.outcome()) {
            case CONFIRMED -> "ok.paid";
            case ALREADY_PAID -> "ok.alreadyPaid";
            case AUTO_REFUNDED -> "ok.autoRefunded";
            case ALREADY_REFUNDED -> "ok.alreadyRefunded";
        };
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), key), paid);
    }

    @Operation(summary = "Refund a paid reservation (owner or staff); staff may override the cut-off with a reason")
    @PostMapping("/refund/{reservationId}")
    ApiResponse<Refunded> refund(
            @PathVariable @Positive long reservationId,
            @RequestBody(required = false) RefundRequest request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        RefundRequest body = request == null ? new RefundRequest(null, null) : request;
        return ApiResponse.ok(
                EngineMessages.format(RequestLocales.of(http), "ok.refunded"),
                refunds.refund(reservationId, caller, body.reason(), Boolean.TRUE.equals(body.overrideCutoff())));
    }

    @Operation(summary = "A reservation's payment state")
    @GetMapping("/reservation/{reservationId}")
    ApiResponse<PaymentService.PaymentState> state(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(payments.state(reservationId, caller));
    }

    record RefundRequest(@Size(max = 200) String reason, Boolean overrideCutoff) {}
}
