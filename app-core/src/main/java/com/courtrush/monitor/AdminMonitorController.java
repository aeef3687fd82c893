package com.courtrush.monitor;

import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.QueuesView;
import com.courtrush.monitor.api.RushTimeline;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: monitor", description = "The numbers the console's dashboards show, for headless nodes")
@RestController
@RequestMapping("/admin")
class AdminMonitorController {

    private final MonitorDesk monitor;

    AdminMonitorController(MonitorDesk monitor) {
        this.monitor = monitor;
    }

    @Operation(summary = "Live stock of an opening: permits, dedup sizes, gate, countdown, this node's totals")
    @GetMapping("/monitor/rush/{sessionId}")
    ApiResponse<LiveRush> rush(@PathVariable @Positive long sessionId) {
        return ApiResponse.ok(monitor.rush(sessionId));
    }

    @Operation(
            summary = "An opening's rush second by second, all nodes together, kept two days; and its summary",
            description = "Per second: attempts, grants, refusals by outcome, places left, grants recorded and "
                    + "their persistence lag, places given back. The summary: sold out after how many ms from the "
                    + "opening time, attempts, students, refusals by outcome, lag, places given back later.")
    @GetMapping("/monitor/rush/{sessionId}/history")
    ApiResponse<RushTimeline> history(@PathVariable @Positive long sessionId) {
        return ApiResponse.ok(monitor.history(sessionId));
    }

    @Operation(summary = "Queues: depths, consumers, grants in flight, reconciler's last run, dead letters")
    @GetMapping("/monitor/queues")
    ApiResponse<QueuesView> queues() {
        return ApiResponse.ok(monitor.queues());
    }
}
