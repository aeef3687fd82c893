package com.courtrush.job;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobProgress;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.job.desk.JobDesk;
import com.courtrush.support.WebSlice;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** Staff follow their jobs (issue 77): one by its id, as it stands, and the recent ones; none is a 404 envelope. */
@WebMvcTest(controllers = {AdminJobController.class})
@WebSlice
class JobWebTest {

    static final String ID = "5b1c0d7e-2f4a-4c39-9a57-0c6e1d2b3a41";
    static final Instant STARTED = Instant.parse("2026-11-22T05:00:00Z");

    @Autowired
    MockMvc mvc;

    @MockitoBean
    JobDesk desk;

    @Test
    void aRunningJobShowsHowFarItGot() throws Exception {
        given(desk.job(ID))
                .willReturn(new StaffJob<>(
                        ID,
                        JobKind.HISTORY_SWEEP,
                        "staff:boss1",
                        JobState.RUNNING,
                        new JobProgress(2, 5L, "KINDS"),
                        null,
                        null,
                        STARTED,
                        null));
        mvc.perform(get("/admin/jobs/" + ID).header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.state").value("RUNNING"))
                .andExpect(jsonPath("$.data.progress.done").value(2))
                .andExpect(jsonPath("$.data.progress.total").value(5))
                .andExpect(jsonPath("$.data.progress.unit").value("KINDS"))
                .andExpect(jsonPath("$.data.startedAt").value("2026-11-22T05:00:00Z"))
                .andExpect(jsonPath("$.data.endedAt").isEmpty());
    }

    /** The recent ones, a done one with its kind's record and a failed one with why, in the caller's language. */
    @Test
    void theRecentJobsSayHowEachEnded() throws Exception {
        given(desk.recent())
                .willReturn(List.of(
                        new StaffJob<>(
                                ID,
                                JobKind.HISTORY_SWEEP,
                                "admin",
                                JobState.FAILED,
                                new JobProgress(3, 5L, "KINDS"),
                                null,
                                new EngineText("job.failed", "a1b2c3d4"),
                                STARTED,
                                STARTED.plusSeconds(7)),
                        new StaffJob<>(
                                "0f3e",
                                JobKind.HISTORY_SWEEP,
                                "staff:boss1",
                                JobState.DONE,
                                new JobProgress(5, 5L, "KINDS"),
                                Map.of("removed", Map.of("NOTICES", 1200)),
                                null,
                                STARTED.minusSeconds(3600),
                                STARTED.minusSeconds(3590))));
        mvc.perform(get("/admin/jobs").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].state").value("FAILED"))
                .andExpect(jsonPath("$.data[0].failure")
                        .value("The job failed on our side; the engine's log says why (reference a1b2c3d4)."))
                .andExpect(jsonPath("$.data[1].state").value("DONE"))
                .andExpect(jsonPath("$.data[1].result.removed.NOTICES").value(1200));
        mvc.perform(get("/admin/jobs")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN"))
                .andExpect(jsonPath("$.data[0].failure").value("任务在服务器端失败；原因见引擎日志（参考号 a1b2c3d4）。"));
    }

    @Test
    void noSuchJobIsANotFoundEnvelope() throws Exception {
        given(desk.job("gone")).willThrow(CourtRushException.notFound("job.notFound", "gone"));
        mvc.perform(get("/admin/jobs/gone").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.enumCode").value("NOT_FOUND"))
                .andExpect(jsonPath("$.message")
                        .value("No staff job gone: there never was one, or it ended over a day ago."));
    }

    @Test
    void studentsFollowNoStaffJob() throws Exception {
        mvc.perform(get("/admin/jobs/" + ID).header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden());
        mvc.perform(get("/admin/jobs")).andExpect(status().isUnauthorized());
    }
}
