package com.courtrush.web;

import static com.courtrush.support.WebSlice.STUDENT;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebSlice;
import jakarta.servlet.RequestDispatcher;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

/**
 * What no controller answers: an unknown address, and {@code /error} where the container and the security chain send the rest.
 */
@WebMvcTest(controllers = {ErrorEnvelopeController.class})
@WebSlice
class ErrorWebTest {

    @Autowired
    MockMvc mvc;

    @Test
    void theErrorPageAskedForDirectlyIsA404Envelope() throws Exception {
        mvc.perform(get("/error"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.enumCode").value("NOT_FOUND"))
                .andExpect(jsonPath("$.code").value(404));
    }

    @Test
    void theErrorPageAnswersTheStatusItWasSentWithInTheEnvelope() throws Exception {
        mvc.perform(get("/error")
                        .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, 400)
                        .header("Accept-Language", "en"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"))
                .andExpect(jsonPath("$.message").isNotEmpty());
    }

    @Test
    void anUnknownEndpointIs404() throws Exception {
        mvc.perform(get("/no/such/thing").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.enumCode").value("NOT_FOUND"));
    }
}
