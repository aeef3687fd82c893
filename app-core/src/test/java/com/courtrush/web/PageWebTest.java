package com.courtrush.web;

import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebSlice;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The ping, and a bad token refused even there. (The students' page and its files: PageServingWebTest.)
 */
@WebMvcTest(controllers = {PingController.class})
@WebSlice
class PageWebTest {

    @Autowired
    MockMvc mvc;

    @Test
    void thePingNeedsNoTokenAndAnswersPong() throws Exception {
        mvc.perform(get("/ping"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data").value("pong"));
    }

    @Test
    void aBadTokenIs401EvenOnAPublicEndpoint() throws Exception {
        mvc.perform(get("/ping").header("Authorization", "Bearer forged"))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.message").value(containsString("log in again")));
    }
}
