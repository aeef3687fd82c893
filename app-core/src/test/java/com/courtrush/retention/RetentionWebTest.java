package com.courtrush.retention;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.retention.api.RetentionRun;
import com.courtrush.retention.desk.HistoryDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The history kept, for staff through the desk: the last sweep; a sweep now (who may: the desk's guard). */
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

    @Test
    void aSweepNowGoesThroughTheDesk() throws Exception {
        given(desk.sweepNow(any()))
                .willReturn(RetentionRun.skipped(LocalDateTime.of(2026, 11, 27, 12, 55), RetentionRun.RUSH));
        WebCalls.answersOk(mvc, STAFF, HttpMethod.POST, "/admin/retention/run", null);
        verify(desk).sweepNow(any());
    }
}
