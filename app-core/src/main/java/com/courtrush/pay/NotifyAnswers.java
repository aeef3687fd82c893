package com.courtrush.pay;

import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.web.OwnAnswers;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * WeChat Pay's notification endpoint answers in WeChat Pay's protocol, never the envelope (the one exception, SPEC
 * §19), by one rule: 204 with no body when the engine is done with the notification — handled, or set aside with its
 * reason audited ({@link PaymentNotifications}) — and {@code {"code":"FAIL","message":…}} with an error status, which
 * makes WeChat Pay send it again, only when it should: trouble of a moment on the engine's side. The rule holds for
 * what the body limits refuse before the endpoint sees it: a body too large to be a notification is set aside (204,
 * audited); one that did not arrive in time (408), or came while too many bodies were held (503), is asked for again.
 */
@Component
class NotifyAnswers implements OwnAnswers {

    /** Looked up when a body is refused: the body limits are set up before the payments are. */
    private final ObjectProvider<PaymentNotifications> notifications;

    NotifyAnswers(ObjectProvider<PaymentNotifications> notifications) {
        this.notifications = notifications;
    }

    /** The engine is done with it: WeChat Pay has nothing to send again. */
    static ResponseEntity<Map<String, String>> done() {
        return ResponseEntity.noContent().build();
    }

    /** Not taken now: WeChat Pay sends it again. */
    static ResponseEntity<Map<String, String>> again(HttpStatus status, String message) {
        return ResponseEntity.status(status).body(Map.of("code", "FAIL", "message", message));
    }

    @Override
    public boolean covers(HttpServletRequest request) {
        // the decoded path the application maps, as the body limits read it
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return path.equals(WechatPaySettings.NOTIFY_PATH);
    }

    @Override
    public void bodyRefused(HttpServletRequest request, HttpServletResponse response, int status) throws IOException {
        if (status == HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE) {
            notifications.getObject().tooLarge(request.getRemoteAddr());
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        String message = status == HttpServletResponse.SC_REQUEST_TIMEOUT ? "body not arrived in time" : "busy now";
        response.getOutputStream()
                .write(("{\"code\":\"FAIL\",\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8));
    }
}
