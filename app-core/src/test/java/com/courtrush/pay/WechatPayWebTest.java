package com.courtrush.pay;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.courtrush.pay.desk.WechatPayDesk;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The live WeChat Pay merchant's settings: staff read them, a manager sets and tries them. */
@WebMvcTest(controllers = {WechatPayAdminController.class})
@WebSlice
class WechatPayWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    WechatPayDesk desk;

    @Test
    void staffReadTheMerchantAndAManagerSetsAndTriesIt() throws Exception {
        WechatPayState state = new WechatPayState(
                new WechatPaySettings(
                        true, "1900000109", "wx1", "ABCDEF12", "PUB_KEY_ID_1", "Gym", "https://gym.example.edu"),
                true,
                true,
                true,
                "/data/wechatpay",
                "LIVE");
        given(desk.state()).willReturn(state);
        given(desk.save(any(), any(), any())).willReturn(state);
        given(desk.tryIt(any(), any(), any())).willReturn(new WechatPayTrial(true, "answered", "ORDER_NOT_EXIST"));
        mvc.perform(get("/admin/wechat-pay").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.mode").value("LIVE"))
                .andExpect(jsonPath("$.data.settings.mchid").value("1900000109"))
                .andExpect(jsonPath("$.data.privateKeyOnFile").value(true));
        String body = "{\"settings\":{\"enabled\":true,\"mchid\":\"1900000109\"},\"apiV3Key\":\"k\"}";
        mvc.perform(put("/admin/wechat-pay")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.mode").value("LIVE"));
        mvc.perform(post("/admin/wechat-pay/try")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.ok").value(true));
        mvc.perform(get("/admin/wechat-pay").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden());
    }

    /** Reconciliation with WeChat Pay's bills on the staff API (issue 52): a manager runs one, staff read them. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(
            delimiter = '|',
            value = {
                "POST|/admin/wechat-pay/reconciliations?date=2026-11-26",
                "GET|/admin/wechat-pay/reconciliations?date=2026-11-26",
                "GET|/admin/wechat-pay/reconciliations/7"
            })
    void reconciliationsAnswerWithTheEnvelope(org.springframework.http.HttpMethod method, String path)
            throws Exception {
        com.courtrush.support.WebCalls.answersOk(mvc, STAFF, method, path, null);
    }
}
