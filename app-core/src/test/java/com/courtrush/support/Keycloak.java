package com.courtrush.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Keycloak (the {@code keycloak-quarkus-dist} zip from the local Maven repository) for tests
 * that sign students in with OpenID Connect. Start it once per test run, not per test: on these
 * two-core machines the first start of a freshly unpacked copy took 33–46 s until the discovery
 * document answered (12–16 s of it Quarkus augmentation), a later start of the same copy 28 s
 * ({@code start-dev} augments again only when the build options change, so keep the flags stable).
 *
 * <p>What {@link #start()} does:
 * <ol>
 *   <li>finds a JDK ≥ 21 (Keycloak 26 refuses 17): the system property
 *       {@value #JAVA_HOME_PROPERTY}, else the environment variable {@value #JAVA_HOME_ENV}, else the
 *       first directory under {@code /usr/lib/jvm} whose {@code release} file says
 *       {@code JAVA_VERSION} ≥ 21 (the Temurin 25 JDK on these machines);</li>
 *   <li>finds {@code org/keycloak/keycloak-quarkus-dist/VERSION/keycloak-quarkus-dist-VERSION.zip} in
 *       the local repository ({@code maven.repo.local}, else {@code ~/.m2/repository}) and unpacks it
 *       once into {@code ~/.cache/courtrush/keycloak/keycloak-VERSION} (kept with the build its first start
 *       augments: the next run's start skips it);</li>
 *   <li>wipes that copy's {@code data} directory (a fresh H2 database each run: import uses
 *       {@code IGNORE_EXISTING}, so a kept database would hide edits to the realm file) and copies
 *       {@code keycloak/courtrush-realm.json} from the test class path to
 *       {@code data/import/campus-realm.json} — Keycloak refuses an import file whose name is not
 *       {@code <realm>-realm.json};</li>
 *   <li>runs {@code bin/kc.sh start-dev --import-realm} on free loopback ports, with the hostname
 *       pinned to {@code http://127.0.0.1:PORT} so the issuer does not follow the Host header
 *       ({@code start-dev} is not hostname-strict: asked through {@code localhost} it would answer
 *       with a {@code localhost} issuer), its output in {@code target/keycloak.log};</li>
 *   <li>polls the realm's discovery document until it answers 200 (the realm is imported before
 *       the HTTP listener opens), failing after {@value #START_TIMEOUT_PROPERTY} seconds (default
 *       180) or as soon as the process exits.</li>
 * </ol>
 * {@link #close()} — and, at the latest, a JVM shutdown hook — stops the process and its descendants.
 *
 * <p><b>When the JDK or the zip is missing</b>, {@link #start()} throws {@link Unavailable} with a
 * message that says what was looked for and how to provide it (the {@code dependency:get} command, the
 * property or variable naming a JDK). It never skips by itself: the caller decides. Under
 * {@code CI=true} ({@link #mustRun()}) the caller must let the exception fail the run, never turn it
 * into a skipped test; on a developer machine it may skip. Any other failure (Keycloak exits, or is
 * not ready in time) is an {@link IllegalStateException} carrying the tail of the log, and always a
 * failure.
 */
public final class Keycloak implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String VERSION = "26.5.6";
    public static final String REALM = "campus";
    public static final String CLIENT_ID = "courtrush-page";
    public static final String JAVA_HOME_PROPERTY = "courtrush.test.keycloak.java-home";
    public static final String JAVA_HOME_ENV = "KEYCLOAK_JAVA_HOME";
    public static final String START_TIMEOUT_PROPERTY = "courtrush.test.keycloak.start-timeout";
    private static final String REALM_RESOURCE = "/keycloak/courtrush-realm.json";
    private static final int MIN_JAVA = 21;
    /** Features start-dev would load that no CourtRush test uses; fewer providers, a little less to start. */
    private static final String FEATURES_OFF = "admin-fine-grained-authz,impersonation,kerberos,organization,"
            + "device-flow,ciba,par,step-up-authentication,client-policies";

    private final Process process;
    private final int port;
    private final int managementPort;
    private final Path log;
    private final Thread hook;

    /** A JDK or the distribution is not on this machine; the message says how to provide it. */
    public static final class Unavailable extends IllegalStateException {
        Unavailable(String message) {
            super(message);
        }
    }

    private Keycloak(Process process, int port, int managementPort, Path log) {
        this.process = process;
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
        this.hook = new Thread(this::stop, "keycloak-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** True under {@code CI=true}: a missing Keycloak must fail the run there, never skip it. */
    public static boolean mustRun() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Starts Keycloak with the campus realm imported and waits until it answers; see the class comment. */
    public static Keycloak start() {
        Path javaHome = javaHome();
        Path zip = distZip();
        Path target = Path.of("target").toAbsolutePath();
        Path home = unpack(zip, cache());
        try {
            Path data = home.resolve("data");
            deleteTree(data);
            Path imports = Files.createDirectories(data.resolve("import"));
            try (InputStream realm = Keycloak.class.getResourceAsStream(REALM_RESOURCE)) {
                if (realm == null) {
                    throw new IllegalStateException(REALM_RESOURCE + " is not on the test class path");
                }
                Files.copy(realm, imports.resolve(REALM + "-realm.json"), StandardCopyOption.REPLACE_EXISTING);
            }
            int port = freePort();
            int managementPort = freePort();
            Path log = target.resolve("keycloak.log");
            List<String> command = new ArrayList<>(List.of(
                    home.resolve("bin/kc.sh").toString(),
                    "start-dev",
                    "--import-realm",
                    "--http-host=127.0.0.1",
                    "--http-port=" + port,
                    "--hostname=http://127.0.0.1:" + port,
                    "--http-management-port=" + managementPort,
                    "--health-enabled=true",
                    "--cache=local",
                    "--features-disabled=" + FEATURES_OFF));
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(home.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().put("JAVA_HOME", javaHome.toString());
            // Java 24+: JBoss Threads' thread-local reset needs java.lang opened, else it logs IllegalAccessError.
            // Its JIT as a test's JVM's: the client compiler alone, for a server that lives a few minutes (issue 71);
            // its collector stays the one kc.sh names (a second one and the JVM refuses to start).
            builder.environment()
                    .put("JAVA_OPTS_APPEND", "--add-opens=java.base/java.lang=ALL-UNNAMED -XX:TieredStopAtLevel=1");
            builder.environment().put("KC_BOOTSTRAP_ADMIN_USERNAME", "admin");
            builder.environment().put("KC_BOOTSTRAP_ADMIN_PASSWORD", "admin");
            Keycloak keycloak = new Keycloak(builder.start(), port, managementPort, log);
            try {
                keycloak.awaitReady(Duration.ofSeconds(Long.getLong(START_TIMEOUT_PROPERTY, 180)));
            } catch (RuntimeException e) {
                keycloak.close();
                throw e;
            }
            return keycloak;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:PORT} — the server root, for the admin API. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The issuer tokens carry, {@code http://127.0.0.1:PORT/realms/campus}; also Spring's issuer-uri. */
    public String issuer() {
        return baseUrl() + "/realms/" + REALM;
    }

    /** The management interface (health, metrics), {@code http://127.0.0.1:MPORT}. */
    public String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    public Path log() {
        return log;
    }

    /**
     * Through the admin API: the page client's back-channel logout goes to {@code url} from now on (the engine's
     * port is known only once it runs).
     */
    public void backChannelLogoutTo(String url) {
        JsonNode client = admin("GET", "/admin/realms/" + REALM + "/clients?clientId=" + CLIENT_ID, null)
                .get(0);
        ObjectNode changed = (ObjectNode) client;
        ((ObjectNode) changed.withObject("attributes")).put("backchannel.logout.url", url);
        admin("PUT", "/admin/realms/" + REALM + "/clients/" + client.path("id").asText(), changed.toString());
    }

    /** Through the admin API: ends every session of the user, as a sign-out elsewhere would (back-channel too). */
    public void logOut(String username) {
        JsonNode user = admin("GET", "/admin/realms/" + REALM + "/users?exact=true&username=" + username, null)
                .get(0);
        admin("POST", "/admin/realms/" + REALM + "/users/" + user.path("id").asText() + "/logout", null);
    }

    private JsonNode admin(String method, String path, String json) {
        try {
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> token = http.send(
                    HttpRequest.newBuilder(URI.create(baseUrl() + "/realms/master/protocol/openid-connect/token"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "grant_type=password&client_id=admin-cli&username=admin&password=admin"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            String bearer = JSON.readTree(token.body()).path("access_token").asText();
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl() + path))
                    .header("Authorization", "Bearer " + bearer)
                    .header("Content-Type", "application/json")
                    .method(
                            method,
                            json == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(json));
            HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() / 100 != 2) {
                throw new IllegalStateException(method + " " + path + ": " + answer.statusCode() + " " + answer.body());
            }
            return answer.body().isEmpty() ? JSON.nullNode() : JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // close() called from another hook: ours runs anyway and finds nothing left to stop.
        }
    }

    private void stop() {
        List<ProcessHandle> tree = new ArrayList<>();
        process.descendants().forEach(tree::add);
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        Instant deadline = Instant.now().plusSeconds(20);
        for (ProcessHandle handle : tree) {
            try {
                long left =
                        Math.max(0, Duration.between(Instant.now(), deadline).toMillis());
                handle.onExit().get(left, TimeUnit.MILLISECONDS);
            } catch (Exception notYet) {
                handle.destroyForcibly();
            }
        }
    }

    private void awaitReady(Duration timeout) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest discovery = HttpRequest.newBuilder(URI.create(issuer() + "/.well-known/openid-configuration"))
                .timeout(Duration.ofSeconds(5))
                .GET()
                .build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(
                        "Keycloak exited with " + process.exitValue() + " before it was ready; " + logTail());
            }
            try {
                if (http.send(discovery, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // keep polling
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for Keycloak", e);
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for Keycloak", e);
            }
        }
        throw new IllegalStateException("Keycloak was not ready within " + timeout.toSeconds() + " s; " + logTail());
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "last lines of " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "see " + log;
        }
    }

    static Path javaHome() {
        String named = System.getProperty(JAVA_HOME_PROPERTY);
        String source = "-D" + JAVA_HOME_PROPERTY;
        if (named == null || named.isBlank()) {
            named = System.getenv(JAVA_HOME_ENV);
            source = "$" + JAVA_HOME_ENV;
        }
        if (named != null && !named.isBlank()) {
            Path home = Path.of(named);
            int major = javaMajor(home);
            if (major < MIN_JAVA || !Files.isExecutable(home.resolve("bin/java"))) {
                throw new Unavailable(source + "=" + named + " is not a JDK " + MIN_JAVA + "+ (release file says "
                        + (major < 0 ? "nothing readable" : "Java " + major) + "); Keycloak " + VERSION
                        + " needs Java " + MIN_JAVA + " or newer");
            }
            return home;
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> homes = Files.list(jvms)) {
                Optional<Path> found = homes.filter(home -> javaMajor(home) >= MIN_JAVA)
                        .filter(home -> Files.isExecutable(home.resolve("bin/java")))
                        .max(Comparator.comparingInt(Keycloak::javaMajor));
                if (found.isPresent()) {
                    return found.get();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new Unavailable("no JDK " + MIN_JAVA + "+ for Keycloak " + VERSION + ": none under " + jvms
                + " (by its release file), and neither -D" + JAVA_HOME_PROPERTY + " nor $" + JAVA_HOME_ENV
                + " is set; install one (e.g. Temurin 21 or 25) or point one of those at it");
    }

    /** The major version a JDK's {@code release} file names ({@code JAVA_VERSION="25.0.3"} → 25), or -1. */
    static int javaMajor(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return -1;
        }
        try {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length())
                            .replace("\"", "")
                            .trim();
                    String first = version.split("[.+-]")[0];
                    // Java 8 and older say "1.8.0_…"
                    return first.equals("1") ? Integer.parseInt(version.split("\\.")[1]) : Integer.parseInt(first);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return -1;
        }
        return -1;
    }

    static Path distZip() {
        String local = System.getProperty("maven.repo.local");
        Path repository = local != null && !local.isBlank()
                ? Path.of(local)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
        Path zip = repository.resolve(
                "org/keycloak/keycloak-quarkus-dist/" + VERSION + "/keycloak-quarkus-dist-" + VERSION + ".zip");
        if (!Files.isRegularFile(zip)) {
            throw new Unavailable("the Keycloak distribution is not in the local Maven repository (" + zip
                    + "); fetch it with: ./mvnw dependency:get -Dartifact=org.keycloak:keycloak-quarkus-dist:"
                    + VERSION + ":zip -Dtransitive=false");
        }
        return zip;
    }

    /**
     * Where the distribution is unpacked: a folder of this machine's user, beside the local Maven repository the zip
     * came from, so the build Keycloak augments at its first start ({@code lib/quarkus}) is kept for the next run of a
     * fresh clone (issue 71); {@code courtrush.test.keycloak.home} names another.
     */
    private static Path cache() {
        String home = System.getProperty("courtrush.test.keycloak.home", "");
        return home.isBlank()
                ? Path.of(System.getProperty("user.home"), ".cache", "courtrush", "keycloak")
                : Path.of(home);
    }

    /** Unpacks the zip into {@code into} once; a marker file says the copy is complete. */
    private static synchronized Path unpack(Path zip, Path into) {
        Path home = into.resolve("keycloak-" + VERSION);
        Path marker = into.resolve(".unpacked-" + VERSION);
        if (Files.isRegularFile(marker) && Files.isRegularFile(home.resolve("bin/kc.sh"))) {
            return home;
        }
        try {
            deleteTree(home);
            Zips.unpack(Files.newInputStream(zip), into);
            // ZipInputStream drops Unix modes; the launch scripts must be executable.
            try (Stream<Path> scripts = Files.list(home.resolve("bin"))) {
                scripts.filter(p -> p.toString().endsWith(".sh"))
                        .forEach(p -> p.toFile().setExecutable(true));
            }
            Files.writeString(marker, zip.toString());
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException("unpacking " + zip + " into " + into, e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
