package com.courtrush.monitor;

import com.courtrush.account.AdminToken;
import com.courtrush.infra.config.CourtRushProperties;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** Says, once the engine is ready, where students reach it and where the admin token is. */
@Component
public class StartupReport {

    private static final Logger log = LoggerFactory.getLogger(StartupReport.class);

    private final Environment environment;
    private final AdminToken adminToken;
    private final CourtRushProperties properties;
    private volatile String studentUrl;

    StartupReport(Environment environment, AdminToken adminToken, CourtRushProperties properties) {
        this.environment = environment;
        this.adminToken = adminToken;
        this.properties = properties;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ready(ApplicationReadyEvent event) {
        if (!(event.getApplicationContext() instanceof WebServerApplicationContext web)) {
            return;
        }
        int port = web.getWebServer().getPort();
        String bound = environment.getProperty("server.address", "");
        String host = bound.isBlank() || bound.equals("0.0.0.0") || bound.equals("::")
                ? lanAddress().orElse("localhost")
                : bound;
        boolean https = web.getWebServer() instanceof TomcatWebServer tomcat
                && tomcat.getTomcat().getConnector().getSecure();
        studentUrl = (https ? "https://" : "http://") + host + ":" + port + "/";
        log.info(
                "CourtRush is ready ({} infrastructure). Students' page and API: {} — Swagger UI: {}swagger-ui.html — "
                        + "admin token: {}",
                properties.infra().mode().name().toLowerCase(),
                studentUrl,
                studentUrl,
                adminToken.file() == null ? "from courtrush.admin-token" : adminToken.file());
    }

    /** The URL students use, once the server is up; null before. */
    public String studentUrl() {
        return studentUrl;
    }

    /** The machine's first site-local IPv4 address: what phones on the campus network reach. */
    private static Optional<String> lanAddress() {
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && address.isSiteLocalAddress()) {
                        return Optional.of(address.getHostAddress());
                    }
                }
            }
        } catch (SocketException e) {
            log.debug("Cannot list network interfaces", e);
        }
        return Optional.empty();
    }
}
