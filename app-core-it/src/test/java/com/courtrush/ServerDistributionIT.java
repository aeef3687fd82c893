package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Release;
import com.courtrush.core.Xlsx;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.support.PackagedServer;
import com.courtrush.support.TestApi;
import com.courtrush.support.WorkbookBombs;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The server distribution as an operator uses it (docs/deployment.md): the archive the build made,
 * unpacked, its configuration template explaining every setting, started with its own script, ready
 * (health UP), exporting its meters for Prometheus to staff only, refusing upload bombs on its small heap and going on,
 * stopped with SIGTERM.
 */
class ServerDistributionIT {

    /** Settings of the embedded stack alone: a server node does not have them. */
    private static final Set<String> EMBEDDED_ONLY =
            Set.of("courtrush.infra.embedded-redis-port", "courtrush.infra.embedded-redis-password");

    @TempDir
    Path dir;

    @Test
    void theArchiveUnpacksStartsByItsScriptAndAnswersHealthAndPrometheus() throws Exception {
        Path archive;
        try (Stream<Path> built = Files.list(PackagedServer.BUILT)) {
            archive = built.filter(p -> p.getFileName().toString().matches("courtrush-server-.*\\.tar\\.gz"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no courtrush-server-*.tar.gz in " + PackagedServer.BUILT));
        }
        run(List.of("tar", "-xzf", archive.toAbsolutePath().toString(), "-C", dir.toString()), Duration.ofSeconds(60));
        Path home = dir.resolve("courtrush-server");
        assertThat(home.resolve("lib/app-core.jar")).isRegularFile();
        assertThat(home.resolve("systemd/courtrush.service"))
                .content()
                .contains("ExecStart=/opt/courtrush-server/bin/courtrush-server");
        assertThat(home.resolve("DEPLOYMENT.md")).content().contains("load balancer");
        Path script = home.resolve("bin/courtrush-server");
        assertThat(Files.getPosixFilePermissions(script)).contains(PosixFilePermission.OWNER_EXECUTE);

        // every setting of the engine is in the template, with its explanation
        String text = Files.readString(home.resolve("config/application.yml"));
        Map<String, Object> template = new Yaml().load(text);
        List<String> missing = new ArrayList<>();
        for (String setting : settings("courtrush", CourtRushProperties.class)) {
            String leaf = setting.substring(setting.lastIndexOf('.') + 1);
            // set, or shown as a commented example (a file path no installation shares)
            if (!EMBEDDED_ONLY.contains(setting) && !has(template, setting) && !text.contains("#" + leaf + ":")) {
                missing.add(setting);
            }
        }
        assertThat(missing).as("settings the template does not name").isEmpty();

        // it says which release it is, without starting (SPEC §23)
        Process version = new ProcessBuilder(script.toString(), "--version")
                .redirectErrorStream(true)
                .start();
        String said = new String(version.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(version.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(said.strip()).isEqualTo(Release.current().line());
        assertThat(Release.current().version()).matches("\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.]+)?");

        // started as the guide says, on the embedded stack here (the template names a database this machine lacks)
        int port = freePort();
        Path data = dir.resolve("data");
        Process server = new ProcessBuilder(
                        script.toString(),
                        "--courtrush.infra.mode=embedded",
                        "--courtrush.data-dir=" + data,
                        "--server.port=" + port,
                        "--server.forward-headers-strategy=none",
                        "--courtrush.admin-token=" + TestApi.ADMIN_TOKEN)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.log").toFile())
                .start();
        try {
            HttpClient http = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(2))
                    .build();
            String base = "http://127.0.0.1:" + port;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            HttpResponse<String> health = null;
            while (System.nanoTime() < deadline && server.isAlive()) {
                try {
                    health = http.send(
                            HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (health.statusCode() == 200) {
                        break;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(500);
            }
            assertThat(health)
                    .as("health (log: %s)", tail(dir.resolve("server.log")))
                    .isNotNull();
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"UP\"");

            // the log's first line is the release; staff read it and the database's schema at /actuator/info
            assertThat(Files.readAllLines(dir.resolve("server.log")).get(0))
                    .contains(Release.current().line() + " starting");
            HttpResponse<String> info = http.send(
                    HttpRequest.newBuilder(URI.create(base + "/actuator/info"))
                            .header("Authorization", "Bearer " + TestApi.ADMIN_TOKEN)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(info.statusCode()).isEqualTo(200);
            com.fasterxml.jackson.databind.JsonNode released = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(info.body())
                    .path("courtrush");
            assertThat(released.path("version").asText())
                    .isEqualTo(Release.current().version());
            assertThat(released.path("schema").asInt())
                    .isEqualTo(Release.current().schema());
            assertThat(released.path("databaseSchema").asInt())
                    .isEqualTo(Release.current().schema());
            assertThat(http.send(
                                    HttpRequest.newBuilder(URI.create(base + "/actuator/info"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .as("the public does not see the version")
                    .isEqualTo(401);

            HttpResponse<String> scraped = http.send(
                    HttpRequest.newBuilder(URI.create(base + "/actuator/prometheus"))
                            .header("Authorization", "Bearer " + TestApi.ADMIN_TOKEN)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(scraped.statusCode()).isEqualTo(200);
            assertThat(scraped.body())
                    .contains(
                            "courtrush_reserve_requests_seconds_count",
                            "courtrush_queue_depth",
                            "courtrush_reserve_inflight",
                            "executor_active_threads");
            assertThat(http.send(
                                    HttpRequest.newBuilder(URI.create(base + "/actuator/prometheus"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .as("without the admin token")
                    .isEqualTo(401);

            // the script's heap is the smallest a node runs with (-Xmx256m): workbooks of a few hundred kilobytes
            // that unpack to 300 MB in one cell and to 512 MB of rows are refused in words, and the node goes on
            for (byte[] bomb : List.of(WorkbookBombs.oneHugeCell(300), WorkbookBombs.endlessRows(512))) {
                HttpResponse<String> refused = http.send(
                        HttpRequest.newBuilder(URI.create(base + "/admin/students?fileName=list.xlsx"))
                                .header("Authorization", "Bearer " + TestApi.ADMIN_TOKEN)
                                .header("Content-Type", Xlsx.MEDIA_TYPE)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(bomb))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(refused.statusCode())
                        .as("a %d-byte bomb: %s", bomb.length, refused.body())
                        .isEqualTo(400);
                assertThat(refused.body()).contains("32 MB");
            }
            assertThat(http.send(
                                    HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body())
                    .as("health after the bombs (log: %s)", tail(dir.resolve("server.log")))
                    .contains("\"UP\"");
        } finally {
            server.toHandle().destroy(); // SIGTERM, as systemctl stop
            assertThat(server.waitFor(60, TimeUnit.SECONDS))
                    .as("stopped on SIGTERM")
                    .isTrue();
        }
    }

    /** The kebab-case names of a settings record's components, nested records expanded. */
    private static List<String> settings(String prefix, Class<?> type) {
        List<String> names = new ArrayList<>();
        for (RecordComponent component : type.getRecordComponents()) {
            String name = prefix + "."
                    + component
                            .getName()
                            .replaceAll("([a-z0-9])([A-Z])", "$1-$2")
                            .toLowerCase();
            if (component.getType().isRecord()) {
                names.addAll(settings(name, component.getType()));
            } else {
                names.add(name);
            }
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static boolean has(Map<String, Object> yaml, String dotted) {
        Object node = yaml;
        for (String part : dotted.split("\\.")) {
            if (!(node instanceof Map<?, ?> map) || !map.containsKey(part)) {
                return false;
            }
            node = ((Map<String, Object>) map).get(part);
        }
        return true;
    }

    private static void run(List<String> command, Duration timeout) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertThat(process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("%s", command).isZero();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
