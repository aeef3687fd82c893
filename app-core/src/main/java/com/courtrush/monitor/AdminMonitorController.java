package com.courtrush.monitor;

import com.courtrush.account.Caller;
import com.courtrush.reserve.recover.DeadLetterActions;
import com.courtrush.reserve.recover.DeadLetterLog;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: monitor", description = "The numbers the console's dashboards show, for headless nodes")
@RestController
@RequestMapping("/admin")
class AdminMonitorController {

    private final RushMonitor rush;
    private final QueueMonitor queues;
    private final DeadLetterActions deadLetters;
    private final RushHistory history;

    AdminMonitorController(RushMonitor rush, QueueMonitor queues, DeadLetterActions deadLetters, RushHistory history) {
        this.rush = rush;
        this.history = history;
        this.queues = queues;
        this.deadLetters = deadLetters;
    }

    @Operation(summary = "Live stock of an opening: permits, dedup sizes, gate, countdown, this node's totals")
    @GetMapping("/monitor/rush/{sessionId}")
    ApiResponse<RushMonitor.Rush> rush(@PathVariable @Positive long sessionId) {
        return ApiResponse.ok(rush.rush(sessionId));
    }

    @Operation(
            summary = "An opening's rush second by second, all nodes together, kept two days; and its summary",
            description = "Per second: attempts, grants, refusals by outcome, places left, grants recorded and "
                    + "their persistence lag, places given back. The summary: sold out after how many ms from the "
                    + "opening time, attempts, students, refusals by outcome, lag, places given back later.")
    @GetMapping("/monitor/rush/{sessionId}/history")
    ApiResponse<RushHistory.History> history(@PathVariable @Positive long sessionId) {
        return ApiResponse.ok(history.of(sessionId));
    }

    @Operation(summary = "Queues: depths, consumers, grants in flight, reconciler's last run, dead letters")
    @GetMapping("/monitor/queues")
    ApiResponse<QueueMonitor.QueuesView> queues() {
        return ApiResponse.ok(queues.queues());
    }

    @Operation(summary = "Compensate a dead letter now (idempotent)")
    @PostMapping("/dead-letters/{traceId}/compensate")
    ApiResponse<DeadLetterLog.Settlement> compensate(
            @PathVariable @Size(max = 64) String traceId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(deadLetters.compensate(traceId, caller.actor()));
    }

    @Operation(summary = "Put a dead letter back on reserve.queue, if it is neither recorded nor compensated")
    @PostMapping("/dead-letters/{traceId}/replay")
    ApiResponse<DeadLetterLog.Settlement> replay(@PathVariable @Size(max = 64) String traceId) {
        return ApiResponse.ok(deadLetters.replay(traceId));
    }
}
