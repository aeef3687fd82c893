package com.courtrush.calendar;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Calendar feeds: the feed read by its key without a token, a student's feed and a booking's event.
 */
@WebMvcTest(controllers = {CalendarController.class})
@WebSlice
class CalendarWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    CalendarFeeds feeds;

    @Test
    void theFeedIsReadByItsKeyWithoutAToken() throws Exception {
        given(feeds.feed("k3y", null)).willReturn("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
        mvc.perform(get("/calendar/k3y.ics"))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith("text/calendar"))
                .andExpect(content().string(containsString("BEGIN:VCALENDAR")));
    }

    @Test
    void theFeedsLanguageIsTheOneItsAddressNames() throws Exception {
        given(feeds.feed("k3y", "en")).willReturn("BEGIN:VCALENDAR\r\nX-WR-CALNAME:Badminton\r\nEND:VCALENDAR\r\n");
        mvc.perform(get("/calendar/k3y.ics?lang=en"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("Badminton")));
    }

    @Test
    void aBookingsEventIsChineseUnlessTheRequestAsksForEnglish() throws Exception {
        given(feeds.booking(5L, 7L, Locale.SIMPLIFIED_CHINESE)).willReturn("BEGIN:VCALENDAR\r\nX-zh\r\n");
        given(feeds.booking(5L, 7L, Locale.ENGLISH)).willReturn("BEGIN:VCALENDAR\r\nX-en\r\n");
        mvc.perform(get("/reservations/5/calendar.ics").header("Authorization", "Bearer " + STUDENT))
                .andExpect(content().string(containsString("X-zh")));
        mvc.perform(get("/reservations/5/calendar.ics")
                        .header("Authorization", "Bearer " + STUDENT)
                        .header("Accept-Language", "zh-CN,zh;q=0.9"))
                .andExpect(content().string(containsString("X-zh")));
        mvc.perform(get("/reservations/5/calendar.ics")
                        .header("Authorization", "Bearer " + STUDENT)
                        .header("Accept-Language", "en"))
                .andExpect(content().string(containsString("X-en")));
    }

    @Test
    void aBookingsEventIsAnAttachment() throws Exception {
        given(feeds.booking(5L, 7L, Locale.SIMPLIFIED_CHINESE)).willReturn("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
        mvc.perform(get("/reservations/5/calendar.ics").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith("text/calendar"))
                .andExpect(header().string("Content-Disposition", containsString("courtrush-5.ics")));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"GET|/reservations/calendar|", "POST|/reservations/calendar|", "DELETE|/reservations/calendar|"})
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STUDENT, method, path, body);
    }
}
