package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.courtrush.web.BodyLimits;
import com.courtrush.web.OwnAnswers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * A 3 MB body posted to WeChat Pay's notification path got the engine's envelope (issue 74, 7b). The body limits now
 * answer there in WeChat Pay's protocol by the endpoint's one rule: a body too large to be a notification is set aside
 * (204, audited); one that must come again (too many held at once) is FAIL with an error status.
 */
class NotifyAnswersTest {

    final PaymentNotifications notifications = mock(PaymentNotifications.class);
    final NotifyAnswers answers =
            new NotifyAnswers(new StaticListableBeanFactory(Map.of("notifications", notifications))
                    .getBeanProvider(PaymentNotifications.class));
    final BodyLimits limits = new BodyLimits(
            new SimpleMeterRegistry(),
            new StaticListableBeanFactory(Map.of("answers", answers)).getBeanProvider(OwnAnswers.class));

    @Test
    void aBodyTooLargeToBeANotificationIsSetAsideAuditedAndAnswered204() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        MockFilterChain chain = new MockFilterChain();

        limits.doFilter(post("/pay/wechat/notify", 3 * 1024 * 1024), response, chain);

        assertThat(response.getStatus()).isEqualTo(204);
        assertThat(response.getContentAsString())
                .as("WeChat Pay's format: no body")
                .isEmpty();
        assertThat(chain.getRequest()).as("never read nor passed on").isNull();
        verify(notifications).tooLarge("203.0.113.9");
    }

    @Test
    void onlyTheNotifyPathIsAnsweredInWechatPaysProtocol() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();

        limits.doFilter(post("/pay/refund/5", 3 * 1024 * 1024), response, new MockFilterChain());

        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getContentAsString()).contains("\"enumCode\"");
        verify(notifications, never()).tooLarge("203.0.113.9");
    }

    @Test
    void aBodyThatMustComeAgainIsFailInWechatPaysFormat() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();

        answers.bodyRefused(post("/pay/wechat/notify", 10), response, 503);

        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getContentAsString()).isEqualTo("{\"code\":\"FAIL\",\"message\":\"busy now\"}");
    }

    private static MockHttpServletRequest post(String path, int bytes) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setServletPath(path);
        request.setRemoteAddr("203.0.113.9");
        request.setContentType("application/json");
        request.setContent(new byte[bytes]);
        return request;
    }
}
