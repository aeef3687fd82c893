package com.courtrush.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebSlice;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
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

    /** Every file of the page as the server holds it, so that a module added later is checked too. */
    static Stream<String> pageFiles() throws IOException {
        List<String> paths = new ArrayList<>();
        for (Resource file : new PathMatchingResourcePatternResolver().getResources("classpath*:static/**/*.*")) {
            String url = file.getURL().toString();
            paths.add(url.substring(url.lastIndexOf("/static/") + "/static".length()));
        }
        assertThat(paths)
                .contains("/index.html", "/assets/app.js", "/assets/app.css")
                .hasSizeGreaterThan(20);
        return paths.stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("pageFiles")
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
