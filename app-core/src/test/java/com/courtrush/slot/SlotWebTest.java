package com.courtrush.slot;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.slot.api.SlotDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Slots: the students' list of a day (today by default, a bad date 400) and staff generating an opening's slots.
 */
@WebMvcTest(controllers = {SlotsController.class, AdminSlotController.class})
@WebSlice
class SlotWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    SlotListing listing;

    @MockitoBean
    SlotDesk slotDesk;

    @Test
    void withoutADateTheSlotsAreTodays() throws Exception {
        WebCalls.answersOk(mvc, STUDENT, HttpMethod.GET, "/slots", null);
        verify(listing).onDate(LocalDate.parse("2026-11-22"));
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

    @Test
    void aBadDateIs400() throws Exception {
        mvc.perform(get("/slots?date=2026-02-30").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("date")));
    }
}
