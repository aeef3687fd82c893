package com.courtrush.closure;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.closure.desk.ClosureDesk;
import com.courtrush.support.WebSlice;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** Closures (SPEC §21): a venue closed for a day with a reason, listed, lifted. */
@WebMvcTest(controllers = {AdminClosureController.class})
@WebSlice
class ClosureWebTest {

    static final LocalDateTime FROM = LocalDateTime.parse("2026-12-05T00:00");
    static final ClosureView EXAMS =
            new ClosureView(4, null, 2L, null, FROM, FROM.plusDays(1), "期末考试", "admin", 12, 3, 5);

    @Autowired
    MockMvc mvc;

    @MockitoBean
    ClosureDesk closures;

    @Test
    void aManagerClosesAVenueForADayAndIsToldWhatItDid() throws Exception {
        given(closures.close(eq(Caller.admin()), eq(new NewClosure(null, 2L, null, FROM, FROM.plusDays(1), "期末考试"))))
                .willReturn(EXAMS);
        mvc.perform(post("/admin/closures")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"venueId\":2,\"from\":\"2026-12-05T00:00\",\"until\":\"2026-12-06T00:00\","
                                + "\"reason\":\"期末考试\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.slotsClosed").value(12))
                .andExpect(jsonPath("$.data.refunded").value(5));
    }

    @Test
    void staffSeeTheClosuresAndAManagerLiftsOne() throws Exception {
        given(closures.recent()).willReturn(List.of(EXAMS));
        mvc.perform(get("/admin/closures").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].reason").value("期末考试"));
        given(closures.lift(eq(Caller.admin()), any(Long.class))).willReturn(EXAMS);
        mvc.perform(delete("/admin/closures/4").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.id").value(4));
    }
}
