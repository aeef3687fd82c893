package com.courtrush.partner;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.Outcome;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

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
        answersOk(STUDENT, method, path, body);
    }

    /** {@code method path [body]} with the token (none if null): 200 and the success envelope. */
    private void answersOk(String token, HttpMethod method, String path, String body) throws Exception {
        MockHttpServletRequestBuilder call = request(method, path);
        if (token != null) {
            call.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            call.contentType(MediaType.APPLICATION_JSON).content(body);
        }
        mvc.perform(call)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.code").value(Outcome.SUCCESS.code()));
    }
}
