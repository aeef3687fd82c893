package com.courtrush.monitor;

import com.courtrush.account.AdminToken;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.notice.api.PageAddress;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
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
public class StartupReport implements PageAddress {

    private static final Logger log = LoggerFactory.getLogger(StartupReport.class);

    private final Environment environment;
    private final AdminToken adminToken;
    private final CourtRushProperties properties;
    private volatile List<String> studentUrls = List.of();

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
        boolean https = web.getWebServer() instanceof TomcatWebServer tomcat
                && tomcat.getTomcat().getConnector().getSecure();
        studentUrls = urls(properties.publicUrl(), bound, https, port, lanAddresses());
        log.info(
                "CourtRush is ready ({} infrastructure). Students' page and API: {} — Swagger UI: {}swagger-ui.html — "
                        + "admin token: {}",
                properties.infra().mode().name().toLowerCase(),
                String.join(" or ", studentUrls),
                studentUrls.get(0),
                adminToken.file() == null ? "from courtrush.admin-token" : adminToken.file());
        if (studentUrls.get(0).contains("://localhost:") || studentUrls.get(0).contains("://127.")) {
            log.warn(
                    "Only this computer can open {}: phones need this machine's network address (bind to all "
                            + "addresses, or set courtrush.public-url)",
                    studentUrls.get(0));
        }
    }

    /** The URL students use, once the server is up (the first of {@link #studentUrls()}); null before. */
    @Override
    public String studentUrl() {
        return studentUrls.isEmpty() ? null : studentUrls.get(0);
    }

    /** Every address students can use, best first: the public URL when set, else this machine's on each network. */
    public List<String> studentUrls() {
        return studentUrls;
    }

    /**
     * The addresses students use: {@code courtrush.public-url} when set (nodes behind a balancer); the bound
     * address when the server listens on one; else every network address of this machine — site-local ones (the
     * campus LAN) first — and localhost only when it has none.
     */
    static List<String> urls(String publicUrl, String bound, boolean https, int port, List<InetAddress> addresses) {
        if (publicUrl != null && !publicUrl.isBlank()) {
            String url = publicUrl.strip();
            return List.of(url.endsWith("/") ? url : url + "/");
        }
        String scheme = https ? "https://" : "http://";
        if (!(bound.isBlank() || bound.equals("0.0.0.0") || bound.equals("::"))) {
            return List.of(scheme + bound + ":" + port + "/");
        }
        List<String> urls = addresses.stream()
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress())
                .sorted(Comparator.comparing((InetAddress a) -> !a.isSiteLocalAddress()))
                .map(a -> scheme + a.getHostAddress() + ":" + port + "/")
                .distinct()
                .toList();
        return urls.isEmpty() ? List.of(scheme + "localhost:" + port + "/") : urls;
    }

    /** This machine's addresses on the networks that are up. */
    private static List<InetAddress> lanAddresses() {
        List<InetAddress> found = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (nic.isUp() && !nic.isLoopback()) {
                    found.addAll(Collections.list(nic.getInetAddresses()));
                }
            }
        } catch (SocketException e) {
            log.warn("Cannot list this machine's network interfaces; students are shown localhost: {}", e.toString());
        }
        return found;
    }
}
