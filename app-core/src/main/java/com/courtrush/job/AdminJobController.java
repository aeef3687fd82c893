package com.courtrush.job;

import com.courtrush.job.api.StaffJob;
import com.courtrush.job.desk.JobDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(
        name = "Admin: staff jobs",
        description = "Long staff operations answered at once (202) with a job, followed here from any node")
@RestController
@RequestMapping("/admin/jobs")
class AdminJobController {

    private final JobDesk jobs;

    AdminJobController(JobDesk jobs) {
        this.jobs = jobs;
    }

    @Operation(summary = "The recent staff jobs, newest first (each kept a day after it ends)")
    @GetMapping
    ApiResponse<List<StaffJob<Object>>> recent() {
        return ApiResponse.ok(jobs.recent());
    }

    @Operation(
            summary = "A staff job as it stands: RUNNING with its progress, DONE with its result (the kind's own "
                    + "record), FAILED with why, or LOST (its node stopped before it ended); 404 when there is none")
    @GetMapping("/{id}")
    ApiResponse<StaffJob<Object>> job(@PathVariable String id) {
        return ApiResponse.ok(jobs.job(id));
    }
}
