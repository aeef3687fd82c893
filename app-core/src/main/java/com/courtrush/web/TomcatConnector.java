package com.courtrush.web;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * What the connector does before any filter (decision 20): a request's headers have a deadline
 * ({@link HeaderDeadlineProtocol}), and a client that asks {@code Expect: 100-continue} is told to send
 * its body as soon as the headers are read, since {@link BodyLimits} reads every body whole (one
 * waiting for a read by the application would wait for the body deadline).
 */
@Component
class TomcatConnector implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final MeterRegistry meters;

    TomcatConnector(MeterRegistry meters) {
        this.meters = meters;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.setProtocol(HeaderDeadlineProtocol.class.getName());
        factory.addConnectorCustomizers(connector -> {
            connector.setProperty("continueResponseTiming", "immediately");
            // the application serves every file itself; a file sent by the connector would look like late headers
            connector.setProperty("useSendfile", "false");
            if (connector.getProtocolHandler() instanceof HeaderDeadlineProtocol protocol) {
                FunctionCounter.builder(
                                "courtrush.http.late-headers", protocol, HeaderDeadlineProtocol::closedForLateHeaders)
                        .description("Connections closed because their request headers missed the deadline")
                        .register(meters);
            }
        });
    }
}
