package com.courtrush.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartupReportTest {

    @Test
    void studentsAreShownEveryNetworkAddressLanFirstNeverLocalhostWhenThereIsOne() throws Exception {
        List<InetAddress> addresses = List.of(
                InetAddress.getByName("202.120.1.8"), // a campus address that is not site-local
                InetAddress.getByName("fe80::1"),
                InetAddress.getByName("169.254.3.3"),
                InetAddress.getByName("192.168.1.20"));
        assertThat(StartupReport.urls(null, "", false, 8080, addresses))
                .containsExactly("http://192.168.1.20:8080/", "http://202.120.1.8:8080/");
        assertThat(StartupReport.urls(" ", "0.0.0.0", true, 8443, List.of(InetAddress.getByName("202.120.1.8"))))
                .containsExactly("https://202.120.1.8:8443/");
        assertThat(StartupReport.urls(null, "", false, 8080, List.of())).containsExactly("http://localhost:8080/");
        assertThat(StartupReport.urls(null, "10.0.0.5", false, 8080, addresses))
                .containsExactly("http://10.0.0.5:8080/");
        assertThat(StartupReport.urls("https://courts.campus.example", "", true, 8443, addresses))
                .as("behind a balancer")
                .containsExactly("https://courts.campus.example/");
    }
}
