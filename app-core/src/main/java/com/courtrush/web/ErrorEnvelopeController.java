package com.courtrush.web;

import com.courtrush.core.LogSafe;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /error}: where the servlet container and the security chain send what no controller
 * answered (a request the firewall rejected, an error status set outside Spring MVC). Answers the
 * envelope with that status; asked for directly, there is nothing there (404).
 */
@Hidden
@RestController
class ErrorEnvelopeController implements ErrorController {

    private static final Logger log = LoggerFactory.getLogger(ErrorEnvelopeController.class);

    @RequestMapping("/error")
    ResponseEntity<ApiResponse<Object>> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer given && given >= 400 && given < 600 ? given : 404;
        Object error = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (error instanceof Throwable thrown && !ErrorEnvelopes.isClientError(status)) {
            log.error(
                    "Failure outside the controllers ({} {}), answered {}",
                    request.getMethod(),
                    LogSafe.of(String.valueOf(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI))),
                    status,
                    thrown);
        }
        return ResponseEntity.status(status).body(ErrorEnvelopes.of(status, RequestLocales.of(request)));
    }
}
