package com.courtrush.slot;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.SessionState;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Everything under /admin/sessions: staff's openings through their desk (bad ids and bodies 400) and
 * the slots generated for one.
 */
@WebMvcTest(controllers = {AdminSessionController.class})
@WebSlice
class AdminSessionWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    OpeningDesk openingDesk;

    @MockitoBean
    SlotDesk slotDesk;

    @Test
    void staffListAndReadADaysOpenings() throws Exception {
        OpeningView next = new OpeningView(
                4L,
                LocalDate.parse("2026-11-23"),
                LocalDateTime.parse("2026-11-22T13:00:00"),
                10,
                1,
                SessionState.SCHEDULED,
                false,
                false,
                0,
                1);
        given(openingDesk.listByDate(eq(LocalDate.parse("2026-11-23")), any())).willReturn(List.of(next));
        given(openingDesk.get(4L)).willReturn(next);
        mvc.perform(get("/admin/sessions?date=2026-11-23").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data[0].id").value(4))
                .andExpect(jsonPath("$.data[0].state").value("SCHEDULED"));
        mvc.perform(get("/admin/sessions/4").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.sessionDate").value("2026-11-23"))
                .andExpect(jsonPath("$.data.fairDraw").value(false));
    }

    @Test
    void staffResyncAnOpening() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.POST, "/admin/sessions/4/resync", null);
        verify(openingDesk).resync(eq(4L), any());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/admin/sessions/abc/warmup",
                "/admin/sessions/-4/warmup",
                "/admin/sessions/0/open",
                "/admin/sessions/99999999999999999999999/close"
            })
    void badIdsInPathsAre400(String path) throws Exception {
        mvc.perform(post(path).header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"sessionDate\":\"2026-13-40\",\"flashTime\":\"2026-11-22T13:00:00\"}",
                "{\"sessionDate\":\"2026-11-23\",\"flashTime\":\"tomorrow at one\"}",
                "{\"sessionDate\":\"2026-11-23\"}",
                "{\"sessionDate\":\"2026-11-23\",\"flashTime\":\"2026-11-22T13:00:00\",\"perUserLimit\":\"two\"}"
            })
    void badOpeningsAre400(String body) throws Exception {
        mvc.perform(post("/admin/sessions")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @Test
    void staffGenerateAnOpeningsSlots() throws Exception {
        given(slotDesk.generate(eq(4L), any(), any())).willReturn(List.of(11L, 12L));
        mvc.perform(
                        post("/admin/sessions/4/slots/generate")
                                .header("Authorization", "Bearer " + STAFF)
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(
                                        "{\"courtIds\":[1],\"startTime\":\"9:00\",\"endTime\":\"11:00\",\"durationMinutes\":60}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.slotIds[1]").value(12));
    }
}
