package com.courtrush.reserve.pass;

import static com.courtrush.support.WebSlice.STUDENT;

import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Booking passes: a challenge for an opening, a pass for its answer.
 */
@WebMvcTest(controllers = {PassController.class})
@WebSlice
class PassWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    BookingPasses passes;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "POST|/reserve/challenge|{\"sessionId\":1}",
                "POST|/reserve/pass|{\"sessionId\":1,\"answer\":\"42\"}"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STUDENT, method, path, body);
    }
}
