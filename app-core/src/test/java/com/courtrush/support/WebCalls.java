package com.courtrush.support;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.Outcome;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** What the web slices ask of a handler alike. */
public final class WebCalls {

    private WebCalls() {}

    /** {@code method path [body]} with the token (none if null): 200 and the success envelope. */
    public static void answersOk(MockMvc mvc, String token, HttpMethod method, String path, String body)
            throws Exception {
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
