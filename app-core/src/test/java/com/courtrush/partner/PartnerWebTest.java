package com.courtrush.partner;

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
 * Partners on a booking: named and withdrawn by the booker; invitations accepted or declined.
 */
@WebMvcTest(controllers = {PartnerController.class})
@WebSlice
class PartnerWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    Partners partners;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "POST|/reservations/5/partners|{\"studentId\":\"s8\"}",
                "DELETE|/reservations/5/partners/9|",
                "GET|/reservations/invitations|",
                "POST|/reservations/invitations/9/accept|",
                "POST|/reservations/invitations/9/decline|"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STUDENT, method, path, body);
    }
}
