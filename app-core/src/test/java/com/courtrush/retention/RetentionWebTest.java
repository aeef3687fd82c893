package com.courtrush.retention;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobProgress;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.api.RetentionRun;
import com.courtrush.retention.desk.HistoryDesk;
import com.courtrush.support.WebSlice;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The history kept, for staff through the desk: the last sweep; a sweep now and a compaction now, jobs (who may: the
 * desk's guard).
 */
@WebMvcTest(controllers = {AdminRetentionController.class})
@WebSlice
class RetentionWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    HistoryDesk desk;

    @Test
    void staffReadTheLastSweepByKind() throws Exception {
        given(desk.last())
                .willReturn(new RetentionRun(
                        LocalDateTime.of(2026, 11, 27, 3, 0),
                        420,
                        Map.of(RetentionRun.NOTICES, 1200L, RetentionRun.AUDIT, 30L),
                        "/data/archive/audit/audit-20261127-030000.csv.gz",
                        true,
                        null));
        mvc.perform(get("/admin/retention").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.removed.NOTICES").value(1200))
                .andExpect(jsonPath("$.data.archive").value("/data/archive/audit/audit-20261127-030000.csv.gz"))
                .andExpect(jsonPath("$.data.more").value(true))
                .andExpect(jsonPath("$.data.skipped").isEmpty());
    }

    /**
     * A sweep now answers at once (issue 77: a campus's year took up to 38 s, past a client's 30 s): 202 with the job,
     * where to follow it, and nothing of the sweep's result yet.
     */
    @Test
    void aSweepNowAnswersAtOnceWithTheJobAndWhereToFollowIt() throws Exception {
        given(desk.sweepNow(any()))
                .willReturn(new StaffJob<>(
                        "5b1c0d7e-2f4a-4c39-9a57-0c6e1d2b3a41",
                        JobKind.HISTORY_SWEEP,
                        "staff:boss1",
                        JobState.RUNNING,
                        new JobProgress(0, 5L, HistoryRetention.KINDS),
                        null,
                        null,
                        Instant.parse("2026-11-22T05:00:00Z"),
                        null));
        mvc.perform(post("/admin/retention/run").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isAccepted())
                .andExpect(header().string("Location", "/admin/jobs/5b1c0d7e-2f4a-4c39-9a57-0c6e1d2b3a41"))
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.id").value("5b1c0d7e-2f4a-4c39-9a57-0c6e1d2b3a41"))
                .andExpect(jsonPath("$.data.kind").value("HISTORY_SWEEP"))
                .andExpect(jsonPath("$.data.state").value("RUNNING"))
                .andExpect(jsonPath("$.data.startedBy").value("staff:boss1"))
                .andExpect(jsonPath("$.data.progress.total").value(5))
                .andExpect(jsonPath("$.data.result").isEmpty());
        verify(desk).sweepNow(any());
    }

    /** A compaction now answers at once too: the node tells requests "maintenance" only while it runs. */
    @Test
    void aCompactionNowAnswersAtOnceWithTheJob() throws Exception {
        given(desk.compactNow(any()))
                .willReturn(new StaffJob<>(
                        "0d9e7c1a-6b2f-4e08-8f1d-3c5a7b9e2d10",
                        JobKind.DATABASE_COMPACTION,
                        "staff:boss1",
                        JobState.RUNNING,
                        null,
                        null,
                        null,
                        Instant.parse("2026-11-22T05:00:00Z"),
                        null));
        mvc.perform(post("/admin/retention/compact").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isAccepted())
                .andExpect(header().string("Location", "/admin/jobs/0d9e7c1a-6b2f-4e08-8f1d-3c5a7b9e2d10"))
                .andExpect(jsonPath("$.data.kind").value("DATABASE_COMPACTION"))
                .andExpect(jsonPath("$.data.state").value("RUNNING"));
        verify(desk).compactNow(any());
    }
}
