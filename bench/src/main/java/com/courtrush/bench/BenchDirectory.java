package com.courtrush.bench;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.listener.interceptor.InMemoryInterceptedSearchRequest;
import com.unboundid.ldap.listener.interceptor.InMemoryInterceptedSimpleBindRequest;
import com.unboundid.ldap.listener.interceptor.InMemoryOperationInterceptor;
import com.unboundid.ldif.LDIFReader;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The campus directory of {@code --sign-in=ldap}: UnboundID's in-memory LDAP server with the mix's students, in a
 * process of its own (this jar, {@value #SERVE}) so that its CPU is counted apart from the engine's and the bench's.
 * It counts the simple binds and searches it receives; asked "counts" on its standard input, it answers them.
 */
final class BenchDirectory implements AutoCloseable {

    static final String SERVE = "--serve-directory";
    static final String BASE = "dc=campus,dc=example";
    static final String SERVICE_DN = "cn=gym-reader," + BASE;
    static final String SERVICE_PASSWORD = "reader-secret";

    private final Process process;
    private final BufferedReader answers;
    private final PrintWriter asks;
    private final int port;

    /** What the directory received so far. */
    record Counts(long binds, long searches) {}

    private BenchDirectory(Process process) throws IOException {
        this.process = process;
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.asks = new PrintWriter(
                new BufferedWriter(new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)),
                true);
        String first = answers.readLine();
        if (first == null || !first.startsWith("listening ")) {
            process.destroyForcibly();
            throw new BenchException("The bench's LDAP directory did not start: " + first);
        }
        this.port = Integer.parseInt(first.substring("listening ".length()).strip());
    }

    /** Starts the directory with these students (uid, the password given), in a JVM of its own. */
    static BenchDirectory start(List<String> studentIds, String password, Path runDir, PrintStream console)
            throws IOException {
        Path ldif = runDir.resolve("directory.ldif");
        try (BufferedWriter out = Files.newBufferedWriter(ldif, StandardCharsets.UTF_8)) {
            out.write("dn: " + BASE + "\nobjectClass: top\nobjectClass: domain\ndc: campus\n\n");
            out.write("dn: ou=people," + BASE + "\nobjectClass: top\nobjectClass: organizationalUnit\nou: people\n\n");
            out.write("dn: " + SERVICE_DN + "\nobjectClass: top\nobjectClass: person\ncn: gym-reader\nsn: reader\n"
                    + "userPassword: " + SERVICE_PASSWORD + "\n\n");
            for (String id : studentIds) {
                out.write("dn: uid=" + id + ",ou=people," + BASE + "\nobjectClass: top\nobjectClass: person\n"
                        + "objectClass: organizationalPerson\nobjectClass: inetOrgPerson\nuid: " + id + "\ncn: " + id
                        + "\nsn: student\nemployeeType: student\nuserPassword: " + password + "\n\n");
            }
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String jar = System.getProperty("java.class.path");
        Process process = new ProcessBuilder(java, "-Xmx512m", "-XX:+UseSerialGC", "-jar", jar, SERVE, ldif.toString())
                .redirectError(runDir.resolve("directory.log").toFile())
                .start();
        BenchDirectory directory = new BenchDirectory(process);
        console.printf(
                "    an LDAP directory (UnboundID in-memory, pid %d) with %,d students on port %d%n",
                process.pid(), studentIds.size(), directory.port);
        return directory;
    }

    /** The settings a manager would save for it: search-then-bind with the service account. */
    Map<String, Object> settings(String publicUrl) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("enabled", true);
        settings.put("protocol", "LDAP");
        settings.put("label", "统一身份认证");
        settings.put("publicUrl", publicUrl);
        settings.put("serverUrl", "ldap://127.0.0.1:" + port + "/" + BASE);
        settings.put("clientId", SERVICE_DN);
        settings.put("clientSecret", SERVICE_PASSWORD);
        settings.put("idAttribute", "uid");
        settings.put("nameAttribute", "cn");
        settings.put("emailAttribute", "mail");
        settings.put("bookAttribute", "employeeType");
        settings.put("bookValues", "student");
        settings.put("staffAttribute", "groups");
        settings.put("staffValues", "gym-staff");
        settings.put("managerValues", "gym-managers");
        return settings;
    }

    /** CPU time the directory's process has used so far. */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** The binds and searches received so far. */
    synchronized Counts counts() throws IOException {
        asks.println("counts");
        String line = answers.readLine();
        if (line == null) {
            throw new BenchException("The bench's LDAP directory stopped");
        }
        String[] parts = line.strip().split(" ");
        return new Counts(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
    }

    @Override
    public void close() {
        asks.close();
        process.destroy();
    }

    /** The directory's own process: serves the LDIF on a loopback port until its standard input ends. */
    static void serve(Path ldif) throws Exception {
        AtomicLong binds = new AtomicLong();
        AtomicLong searches = new AtomicLong();
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE);
        config.setListenerConfigs(
                InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), 0, null));
        config.addInMemoryOperationInterceptor(new InMemoryOperationInterceptor() {
            @Override
            public void processSimpleBindRequest(InMemoryInterceptedSimpleBindRequest request) {
                binds.incrementAndGet();
            }

            @Override
            public void processSearchRequest(InMemoryInterceptedSearchRequest request) {
                searches.incrementAndGet();
            }
        });
        InMemoryDirectoryServer server = new InMemoryDirectoryServer(config);
        try (LDIFReader reader = new LDIFReader(ldif.toFile())) {
            server.importFromLDIF(true, reader);
        }
        server.startListening();
        System.out.println("listening " + server.getListenPort());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        List<String> unknown = new ArrayList<>();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.strip().equals("counts")) {
                System.out.println(binds.get() + " " + searches.get());
                System.out.flush();
            } else {
                unknown.add(line);
                System.err.println("unknown request: " + line);
            }
        }
        server.shutDown(true);
    }
}
