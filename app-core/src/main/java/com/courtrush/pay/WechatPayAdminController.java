package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.pay.api.BillDays;
import com.courtrush.pay.api.ReconciliationView;
import com.courtrush.pay.api.WechatPaySetup;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.courtrush.pay.desk.WechatPayDesk;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Positive;
import java.time.LocalDate;
import java.util.List;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The live WeChat Pay merchant on the staff API (SPEC §19): staff read it, a manager sets and tries it. */
@Tag(name = "WeChat Pay (staff)", description = "The merchant's id and keys; simulated until set and turned on")
@RestController
class WechatPayAdminController {

    private final WechatPayDesk desk;
    private final java.time.Clock clock;

    WechatPayAdminController(WechatPayDesk desk, java.time.Clock clock) {
        this.desk = desk;
        this.clock = clock;
    }

    @Operation(summary = "The merchant's settings, which keys are on file (never the keys), and the payment mode")
    @GetMapping("/admin/wechat-pay")
    ApiResponse<WechatPayState> state() {
        return ApiResponse.ok(desk.state());
    }

    @Operation(
            summary = "Set the live WeChat Pay merchant (manager; audited)",
            description = "Turning it on asks WeChat Pay first and is refused (409) when it does not answer as it "
                    + "should. Keys given (PEM text, the APIv3 key) replace those on file, 0600 in the data directory; "
                    + "none given keeps them for the same merchant.")
    @PutMapping("/admin/wechat-pay")
    ApiResponse<WechatPayState> save(
            @RequestBody WechatPaySetup setup, @AuthenticationPrincipal Caller manager, HttpServletRequest http) {
        return ApiResponse.ok(desk.save(setup, RequestLocales.of(http), manager));
    }

    @Operation(summary = "Try these settings (saved or not): what WeChat Pay answered (manager)")
    @PostMapping("/admin/wechat-pay/try")
    ApiResponse<WechatPayTrial> tryIt(
            @RequestBody WechatPaySetup setup, @AuthenticationPrincipal Caller manager, HttpServletRequest http) {
        return ApiResponse.ok(desk.tryIt(setup, RequestLocales.of(http), manager));
    }

    @Operation(
            summary = "Reconcile a day's orders with WeChat Pay's bill of that day now (manager; audited): matched, "
                    + "only at WeChat Pay, only here, amounts that differ (default: yesterday, China time); each "
                    + "morning it runs for the day before")
    @PostMapping("/admin/wechat-pay/reconciliations")
    ApiResponse<ReconciliationView> reconcile(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(desk.reconcile(date == null ? BillDays.lastBillDay(clock) : date, manager));
    }

    @Operation(
            summary =
                    "The reconciliations of a bill date, newest first, each with what did not match; a desk worker's of"
                            + " their venues' orders only (counts too; what is only at WeChat Pay is a manager's)")
    @GetMapping("/admin/wechat-pay/reconciliations")
    ApiResponse<List<ReconciliationView>> reconciliations(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @AuthenticationPrincipal Caller staff) {
        return ApiResponse.ok(desk.reconciliations(date == null ? BillDays.lastBillDay(clock) : date, staff));
    }

    @Operation(summary = "One reconciliation with every payment and refund it compared, the mismatches first")
    @GetMapping("/admin/wechat-pay/reconciliations/{id}")
    ApiResponse<ReconciliationView> reconciliation(
            @PathVariable @Positive long id, @AuthenticationPrincipal Caller staff) {
        return ApiResponse.ok(desk.reconciliation(id, staff));
    }
}
