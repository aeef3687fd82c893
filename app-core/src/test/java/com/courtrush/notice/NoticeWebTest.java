package com.courtrush.notice;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.WechatJsConfig;
import com.courtrush.notice.desk.NoticeDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Notices: a student's inbox and reminders, their email address and a forgotten password; staff's channels and alerts, through the desk.
 */
@WebMvcTest(
        controllers = {
            NoticeController.class,
            EmailController.class,
            NoticeAdminController.class,
            WechatNoticeController.class
        })
@WebSlice
class NoticeWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    NoticeInbox notices;

    @MockitoBean
    FlashReminders reminders;

    @MockitoBean
    EmailAddresses addresses;

    @MockitoBean
    NoticeChannels channels;

    @MockitoBean
    NoticeDesk noticeDesk;

    @MockitoBean
    WechatSubscriptions subscriptions;

    @Test
    void aStudentsPageTellsWhatWechatAcceptedAndAsksForItsJsSdkSignature() throws Exception {
        WechatSubscriptions.State state = new WechatSubscriptions.State(
                true, "wx1", List.of(new WechatSubscriptions.Offered("WON", "T1", 1)), List.of());
        given(subscriptions.consent(7L, List.of("T1"))).willReturn(state);
        mvc.perform(post("/notices/wechat/consents")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"templateIds\":[\"T1\"]}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.templates[0].consents").value(1));
        given(subscriptions.jsConfig(7L, "https://gym.example/"))
                .willReturn(new WechatJsConfig("wx1", 1_700_000_000L, "n0nce", "abc"));
        mvc.perform(get("/notices/wechat/js-config")
                        .param("url", "https://gym.example/")
                        .header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.signature").value("abc"));
        mvc.perform(get("/notices/wechat/js-config").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest());
    }

    @Test
    void aManagersTestSendSaysWhatWechatAnsweredThroughTheDesk() throws Exception {
        given(noticeDesk.testWechatNotice(eq("WON"), eq("2024001"), any())).willReturn("2000000001");
        mvc.perform(post("/admin/wechat-notices/test")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"kind\":\"WON\",\"studentId\":\"2024001\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.message").value(containsString("2000000001")))
                .andExpect(jsonPath("$.data").value("2000000001"));
    }

    @Test
    void aStudentAddsAnAddressAndIsToldWhereTheCodeWent() throws Exception {
        given(addresses.add(7L, "ann@example.edu"))
                .willReturn(new EmailAddresses.State("ann@example.edu", false, true, true));
        mvc.perform(put("/auth/email")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"email\":\"ann@example.edu\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.message").value(containsString("ann@example.edu")))
                .andExpect(jsonPath("$.data.pending").value(true));
    }

    @Test
    void withoutAnEmailChannelThereIsNoResetByEmail() throws Exception {
        mvc.perform(get("/auth/options"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.emailReset").value(false));
    }

    @Test
    void staffSendAgainWhatWasGivenUpAndAreToldHowMany() throws Exception {
        given(noticeDesk.sendAgain(any())).willReturn(new GivenUp(2, 1));
        mvc.perform(post("/admin/notice-channels/send-again").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.emails").value(2))
                .andExpect(jsonPath("$.data.alerts").value(1));
    }

    @Test
    void staffTestTheChannelsAndAreToldWhereItWent() throws Exception {
        given(noticeDesk.testEmail(eq("desk@example.edu"), any(), any())).willReturn("desk@example.edu");
        given(noticeDesk.testWebhook(any(), any())).willReturn("https://hooks.example.edu/gym");
        mvc.perform(post("/admin/notice-channels/email/test")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"to\":\"desk@example.edu\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data").value("desk@example.edu"));
        mvc.perform(post("/admin/notice-channels/webhook/test").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.message").value(containsString("https://hooks.example.edu/gym")));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/notices?size=5|",
                "GET|/notices/unread|",
                "POST|/notices/5/read|",
                "GET|/notices/reminders|",
                "PUT|/notices/reminders/4|",
                "DELETE|/notices/reminders/4|",
                "POST|/notices/read-all|",
                "GET|/auth/email|",
                "POST|/auth/email/verify|{\"code\":\"123456\"}",
                "DELETE|/auth/email|",
                "GET|/notices/wechat|",
                "PUT|/notices/wechat/muted|{\"kinds\":[\"PAID\"]}"
            })
    void eachStudentHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STUDENT, method, path, body);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/wechat-notices|",
                "PUT|/admin/wechat-notices|{\"templates\":[]}",
                "GET|/admin/wechat-notices/deliveries?size=5|",
                "POST|/admin/wechat-notices/send-again|"
            })
    void eachWechatNoticesStaffHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "POST|/auth/forgot|{\"studentId\":\"s7\"}",
                "POST|/auth/reset|{\"studentId\":\"s7\",\"code\":\"123456\",\"newPassword\":\"new-secret\"}"
            })
    void aForgottenPasswordNeedsNoToken(HttpMethod method, String path, String body) throws Exception {
        WebCalls.answersOk(mvc, null, method, path, body);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/notice-channels|",
                "POST|/admin/notice-channels/secrets|",
                "PUT|/admin/notice-channels/email|{\"enabled\":false}",
                "PUT|/admin/notice-channels/webhook|{\"enabled\":false}",
                "GET|/admin/staff-alerts?size=20|"
            })
    void eachStaffHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }
}
