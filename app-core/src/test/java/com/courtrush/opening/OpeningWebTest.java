package com.courtrush.opening;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.opening.api.SessionState;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The students' calendar of openings, and the database down 503 (staff's openings: slot.AdminSessionWebTest).
 */
@WebMvcTest(controllers = {OpeningCalendar.class})
@WebSlice
class OpeningWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    OpeningService openings;

    @Autowired
    OpeningCalendar calendar;

    /** The calendar keeps what it read for a second: each test reads its own. */
    @BeforeEach
    void forgetTheCalendar() {
        calendar.forget();
    }

    @Test
    void aDatabaseThatCannotBeReachedIs503WithRetryAfterHoweverTheFailureIsWrapped() throws Exception {
        given(openings.between(org.mockito.ArgumentMatchers.any(), org.mockito.ArgumentMatchers.any()))
                .willThrow(new org.mybatis.spring.MyBatisSystemException(
                        "getting a connection",
                        new org.springframework.jdbc.CannotGetJdbcConnectionException(
                                "Failed to obtain JDBC Connection",
                                new java.sql.SQLTransientConnectionException("Connection is not available"))));
        mvc.perform(get("/calendar").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "5"))
                .andExpect(jsonPath("$.enumCode").value("ERROR"))
                .andExpect(jsonPath("$.message").value(containsString("unavailable")));
    }

    @Test
    void theCalendarSaysTheGymsTodayAndTheOpeningsFromThen() throws Exception {
        ReserveSession next = new ReserveSession();
        next.setId(4L);
        next.setSessionDate(LocalDate.parse("2026-11-23"));
        next.setFlashTime(LocalDateTime.parse("2026-11-22T13:00:00"));
        next.setState(SessionState.SCHEDULED);
        next.setVenueId(2L);
        // the fixed clock is 13:00 on 2026-11-22 in Shanghai (05:00 UTC)
        given(openings.between(LocalDate.parse("2026-11-22"), LocalDate.parse("2026-12-06")))
                .willReturn(List.of(next));
        mvc.perform(get("/calendar").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.today").value("2026-11-22"))
                .andExpect(jsonPath("$.data.zone").value("Asia/Shanghai"))
                .andExpect(jsonPath("$.data.openings[0].sessionId").value(4))
                .andExpect(jsonPath("$.data.openings[0].sessionDate").value("2026-11-23"))
                .andExpect(jsonPath("$.data.openings[0].flashTime").value("2026-11-22T13:00:00"))
                .andExpect(jsonPath("$.data.openings[0].state").value("SCHEDULED"))
                .andExpect(jsonPath("$.data.openings[0].venueId").value(2));
    }
}
