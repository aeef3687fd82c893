package com.courtrush.recurring;

import com.courtrush.account.api.Caller;
import com.courtrush.recurring.api.DateChange;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.recurring.api.RuleForm;
import com.courtrush.recurring.api.RuleView;
import com.courtrush.recurring.api.RunResult;
import com.courtrush.recurring.desk.RuleDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.LocalDate;
import java.util.List;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: recurring openings", description = "Standing rules the engine turns into openings on its own")
@RestController
@RequestMapping("/admin/rules")
class AdminRuleController {

    private final RuleDesk rules;

    AdminRuleController(RuleDesk rules) {
        this.rules = rules;
    }

    @Operation(summary = "Every rule")
    @GetMapping
    ApiResponse<List<RuleView>> list() {
        return ApiResponse.ok(rules.list());
    }

    @Operation(summary = "Create a rule (active at once): e.g. every day at 13:00 open the next day's courts")
    @PostMapping
    ApiResponse<RuleView> create(@RequestBody RuleForm form, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(rules.create(form, caller));
    }

    @Operation(summary = "Change a rule (the openings it made stay; dates it could not make are tried again)")
    @PutMapping("/{id}")
    ApiResponse<RuleView> update(
            @PathVariable @Positive long id, @RequestBody RuleForm form, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(rules.update(id, form, caller));
    }

    @Operation(summary = "Turn a rule on or off")
    @PostMapping("/{id}/active")
    ApiResponse<RuleView> setActive(
            @PathVariable @Positive long id,
            @Valid @RequestBody Activity request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(rules.setActive(id, request.active(), caller));
    }

    @Operation(summary = "What the rule does on each date: made (with the opening), failed (why), closed, to come")
    @GetMapping("/{id}/plan")
    ApiResponse<List<PlanDay>> plan(
            @PathVariable @Positive long id,
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(defaultValue = "14") @Positive @Max(62) int days) {
        return ApiResponse.ok(rules.plan(id, from, days));
    }

    @Operation(summary = "Close a date (a holiday) or change it once (a null field: as the rule says)")
    @PutMapping("/{id}/dates/{date}")
    ApiResponse<DateChange> setDate(
            @PathVariable @Positive long id,
            @PathVariable @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @RequestBody DateChange change,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(rules.setException(id, date, change, caller));
    }

    @Operation(summary = "The date follows the rule again")
    @DeleteMapping("/{id}/dates/{date}")
    ApiResponse<Void> restoreDate(
            @PathVariable @Positive long id,
            @PathVariable @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @AuthenticationPrincipal Caller caller) {
        rules.removeException(id, date, caller);
        return ApiResponse.ok(null);
    }

    @Operation(summary = "Make the openings that are due now (the engine also does it every minute and at start-up)")
    @PostMapping("/run")
    ApiResponse<List<RunResult>> run(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(rules.runDue(caller));
    }

    record Activity(@NotNull Boolean active) {}
}
