package com.courtrush.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.CourtRushServer;
import com.courtrush.monitor.StartupReport;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** A certificate in the data directory turns the students' port into HTTPS, with HSTS. Self-signed here. */
class HttpsIT {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @Test
    void aCertificateInTheDataDirectoryServesHttpsWithStrictTransportSecurity() throws Exception {
        Path dataDir = Files.createTempDirectory("courtrush-https-it-");
        KeyStore keyStore = selfSigned(dataDir);
        Path tls = Files.createDirectories(dataDir.resolve("tls")); // as the README says
        Certificate certificate = keyStore.getCertificate("courtrush");
        Files.writeString(tls.resolve("cert.pem"), pem("CERTIFICATE", certificate.getEncoded()));
        Files.writeString(
                tls.resolve("key.pem"),
                pem("PRIVATE KEY", keyStore.getKey("courtrush", PASSWORD).getEncoded()));

        try (ConfigurableApplicationContext engine = new SpringApplicationBuilder(CourtRushServer.class)
                .initializers(new TestClock.Install())
                .run(
                        "--courtrush.data-dir=" + dataDir,
                        "--courtrush.admin-token=" + TestApi.ADMIN_TOKEN,
                        "--server.port=0",
                        "--server.address=127.0.0.1",
                        "--spring.jmx.enabled=false")) {
            int port = ((WebServerApplicationContext) engine).getWebServer().getPort();
            assertThat(engine.getBean(StartupReport.class).studentUrl()).startsWith("https://");

            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry("courtrush", certificate);
            trust.init(trusted);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(null, trust.getTrustManagers(), null);
            HttpClient https = HttpClient.newBuilder().sslContext(ssl).build();
            HttpResponse<String> ping = https.send(
                    HttpRequest.newBuilder(URI.create("https://localhost:" + port + "/ping"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ping.statusCode()).isEqualTo(200);
            assertThat(ping.body()).contains("\"enumCode\":\"SUCCESS\"");
            assertThat(ping.headers().firstValue("Strict-Transport-Security"))
                    .hasValueSatisfying(hsts -> assertThat(hsts).contains("max-age="));

            // plain HTTP on that port is not served
            HttpResponse<String> plain = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ping"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(plain.statusCode()).isEqualTo(400);
        }
    }

    private static KeyStore selfSigned(Path dir) throws Exception {
        Path store = dir.resolve("self-signed.p12");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "courtrush",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-validity",
                        "2",
                        "-dname",
                        "CN=localhost",
                        "-ext",
                        "SAN=dns:localhost,ip:127.0.0.1",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        new String(PASSWORD))
                .redirectErrorStream(true)
                .start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(output).isZero();
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keyStore.load(in, PASSWORD);
        }
        Files.delete(store);
        return keyStore;
    }

    private static String pem(String type, byte[] der) throws IOException {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
