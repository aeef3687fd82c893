package com.courtrush.backup;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.backup.api.Backup;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Backups for staff, through the desk: whether they can be made and which there are, of which kind; making one, and
 * one too soon after the last.
 */
@WebMvcTest(controllers = {AdminBackupController.class})
@WebSlice
class BackupWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    BackupDesk backupDesk;

    @Test
    void withoutAnEmbeddedDatabaseThereAreNoBackupsToList() throws Exception {
        mvc.perform(get("/admin/backups").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.available").value(false))
                .andExpect(jsonPath("$.data.backups").isEmpty());
    }

    @Test
    void staffMakeABackup() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.POST, "/admin/backups", null);
        verify(backupDesk).backUp(any());
    }

    /** Each backup listed says its kind: a scheduled restore point, or one made on demand (issue 75). */
    @Test
    void theListSaysWhichAreScheduledAndWhichOnDemand() throws Exception {
        given(backupDesk.available()).willReturn(true);
        given(backupDesk.list())
                .willReturn(List.of(
                        new Backup("courtrush-20261124-101500-120-on-demand.zip", 10, Instant.EPOCH),
                        new Backup("courtrush-20261124-033000-000.zip", 10, Instant.EPOCH)));
        mvc.perform(get("/admin/backups").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.backups[0].kind").value("ON_DEMAND"))
                .andExpect(jsonPath("$.data.backups[1].kind").value("SCHEDULED"));
    }

    /** A backup asked for within the minute after the last: 429 with the outcome for rate limits and when to retry. */
    @Test
    void aBackupAskedForTooSoonIs429WithRetryAfter() throws Exception {
        given(backupDesk.backUp(any()))
                .willThrow(new CourtRushException(Outcome.TOO_MANY_REQUESTS, "backup.tooSoon", 42)
                        .withRetryAfter(Duration.ofSeconds(42)));
        mvc.perform(post("/admin/backups").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isTooManyRequests())
                .andExpect(header().string("Retry-After", "42"))
                .andExpect(jsonPath("$.enumCode").value("TOO_MANY_REQUESTS"))
                .andExpect(jsonPath("$.message")
                        .value("A backup was just made on demand; the next one can be made in 42 s."));
    }
}
