package com.courtrush.web;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebSlice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The students' page and its files, served without a token under a strict Content-Security-Policy; the ping.
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

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/index.html",
                "/assets/account.js",
                "/assets/api.js",
                "/assets/app.js",
                "/assets/bookings-store.js",
                "/assets/bookings.js",
                "/assets/clock.js",
                "/assets/court-rows.js",
                "/assets/courts-store.js",
                "/assets/courts.js",
                "/assets/dom.js",
                "/assets/i18n.js",
                "/assets/notices.js",
                "/assets/page-store.js",
                "/assets/passes.js",
                "/assets/reserve.js",
                "/assets/sheets.js",
                "/assets/signin.js",
                "/assets/store.js",
                "/assets/tap-store.js",
                "/assets/tap.js",
                "/assets/views.js",
                "/assets/app.css"
            })
    void theStudentsPageIsServedWithoutATokenUnderAStrictContentSecurityPolicy(String path) throws Exception {
        mvc.perform(get(path))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Security-Policy", containsString("script-src 'self';")))
                .andExpect(header().string("Content-Security-Policy", containsString("frame-ancestors 'none'")))
                .andExpect(header().string("Content-Security-Policy", not(containsString("unsafe"))))
                .andExpect(header().string("Cache-Control", "no-cache"));
    }

    @Test
    void aBadTokenIs401EvenOnAPublicEndpoint() throws Exception {
        mvc.perform(get("/ping").header("Authorization", "Bearer forged"))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.message").value(containsString("log in again")));
    }
}
