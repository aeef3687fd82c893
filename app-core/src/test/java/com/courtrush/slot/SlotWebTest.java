package com.courtrush.slot;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Slots: the students' list of a day (today by default, a bad date 400).
 */
@WebMvcTest(controllers = {SlotsController.class})
@WebSlice
class SlotWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    SlotListing listing;

    @Test
    void withoutADateTheSlotsAreTodays() throws Exception {
        WebCalls.answersOk(mvc, STUDENT, HttpMethod.GET, "/slots", null);
        verify(listing).onDate(LocalDate.parse("2026-11-22"), null, null);
    }

    @Test
    void aBadDateIs400() throws Exception {
        mvc.perform(get("/slots?date=2026-02-30").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("date")));
    }
}
