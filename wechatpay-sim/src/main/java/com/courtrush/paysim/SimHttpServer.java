package com.courtrush.paysim;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.beans.PropertyChangeListener;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.Globals;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Loader;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardServer;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ValveBase;

/**
 * The simulator's HTTP/1.1 server: an embedded Apache Tomcat on one loopback address with one
 * servlet that hands every request to a {@link Handler}. Tomcat writes response header names as they
 * are set ({@code Wechatpay-Serial}, which the official SDK looks up case-sensitively; the JDK's
 * {@code com.sun.net.httpserver} would send {@code Wechatpay-serial}). The handler sees the raw
 * request target and the exact body bytes, which the request signature covers. No TLS, no access
 * log, a temporary base directory that {@link #close()} deletes.
 */
final class SimHttpServer implements Closeable {

    /** One request; header names are lower-cased, {@code target} and {@code path} are as sent. */
    record Request(
            String method,
            String target,
            String path,
            String rawQuery,
            Map<String, String> headers,
            byte[] body,
            InetAddress remote) {

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        Map<String, String> query() {
            return UrlParts.form(rawQuery);
        }
    }

    /** One answer; header names are written as given. */
    record Response(int status, Map<String, String> headers, byte[] body) {

        static Response of(int status, String contentType, String body) {
            Map<String, String> headers = new LinkedHashMap<>();
            if (contentType != null) {
                headers.put("Content-Type", contentType);
            }
            return new Response(status, headers, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
        }
    }

    interface Handler {
        Response handle(Request request) throws Exception;
    }

    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_BODY_BYTES = 2 * 1024 * 1024;
    private static final int IDLE_TIMEOUT_MS = 30_000;
    private static final int MAX_THREADS = 8;
    private static final String RELAXED_CHARS = "\"<>[\\]^`{|}";
    private static final System.Logger LOG = System.getLogger(SimHttpServer.class.getName());
    /** Held so the level set on it is not lost when the logger is collected. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

    /** Where {@link RawResponseValve} leaves Tomcat's own response for the servlet. */
    private static final String RAW_RESPONSE = SimHttpServer.class.getName() + ".rawResponse";

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    static {
        TOMCAT_LOG.setLevel(Level.WARNING);
    }

    private final Tomcat tomcat;
    private final Path baseDir;
    private final int port;
    private final AtomicBoolean closed = new AtomicBoolean();

    SimHttpServer(InetAddress bind, int port, Handler handler) throws IOException {
        this.baseDir = Files.createTempDirectory("wechatpay-sim-tomcat-");
        this.tomcat = new Tomcat();
        // Tomcat reads catalina.home/base from the JVM's properties and sets them to its base dir; the
        // next Tomcat in the JVM (another simulator, the app's own) would then recreate this one's
        // deleted dir. So each start sees them unset, and they are put back afterwards.
        synchronized (SimHttpServer.class) {
            String home = System.getProperty(Globals.CATALINA_HOME_PROP);
            String base = System.getProperty(Globals.CATALINA_BASE_PROP);
            System.clearProperty(Globals.CATALINA_HOME_PROP);
            System.clearProperty(Globals.CATALINA_BASE_PROP);
            try {
                this.port = start(bind, port, handler);
            } catch (LifecycleException | RuntimeException e) {
                close();
                throw new IOException("cannot start the embedded Tomcat on " + bind.getHostAddress() + ":" + port, e);
            } finally {
                restore(Globals.CATALINA_HOME_PROP, home);
                restore(Globals.CATALINA_BASE_PROP, base);
            }
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    /** Configures and starts Tomcat; answers the port it listens on. */
    private int start(InetAddress bind, int port, Handler handler) throws LifecycleException {
        tomcat.setBaseDir(baseDir.toString());
        // one JMX domain per instance: several simulators (and the app's own Tomcat) share a JVM in tests
        String name = "wechatpay-sim-" + INSTANCES.incrementAndGet();
        if (tomcat.getServer() instanceof StandardServer server) {
            server.setUtilityThreads(1);
            server.setUtilityThreadsAsDaemon(true); // as the connector's: never keeps a JVM alive
        }
        tomcat.getService().setName(name);
        tomcat.getEngine().setName(name);

        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setThrowOnFailure(true);
        set(connector, "address", bind.getHostAddress());
        set(connector, "server", "wechatpay-sim");
        set(connector, "maxThreads", Integer.toString(MAX_THREADS));
        set(connector, "minSpareThreads", "1");
        set(connector, "connectionTimeout", Integer.toString(IDLE_TIMEOUT_MS));
        set(connector, "maxHttpHeaderSize", Integer.toString(MAX_HEADER_BYTES));
        // take targets as they come (the handlers decode path segments themselves, %2F included)
        set(connector, "relaxedPathChars", RELAXED_CHARS);
        set(connector, "relaxedQueryChars", RELAXED_CHARS);
        connector.setEncodedSolidusHandling("passthrough");
        connector.setEncodedReverseSolidusHandling("passthrough");
        tomcat.setConnector(connector);

        // not tomcat.addContext(...): its listener scans the servlet for jakarta.annotation, which
        // Spring Boot leaves out of tomcat-embed-core as this module does
        StandardContext context = new StandardContext();
        context.setName("");
        context.setPath("");
        context.setDocBase(baseDir.toString());
        context.setLoader(new PlainLoader());
        context.addLifecycleListener(event -> {
            if (Lifecycle.CONFIGURE_START_EVENT.equals(event.getType())) {
                context.setConfigured(true);
            }
        });
        tomcat.getHost().addChild(context);
        context.getPipeline().addValve(new RawResponseValve());
        Tomcat.addServlet(context, "wechatpay-sim", new DispatchServlet(handler));
        context.addServletMappingDecoded("/", "wechatpay-sim");

        tomcat.start();
        return connector.getLocalPort();
    }

    private static void set(Connector connector, String name, String value) {
        if (!connector.setProperty(name, value)) {
            throw new IllegalStateException("Tomcat's connector has no property " + name);
        }
    }

    int port() {
        return port;
    }

    /** Stops and destroys Tomcat (its threads end) and deletes its base directory. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            LOG.log(System.Logger.Level.WARNING, "stopping the embedded Tomcat failed", e);
        } finally {
            deleteTree(baseDir);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.log(System.Logger.Level.DEBUG, "cannot delete " + dir, e);
        }
    }

    /**
     * The simulator's own class loader for the context. Tomcat's default, a web-application class
     * loader, would become the context class loader of every thread a request starts (the notifier's)
     * and warn at stop that they leak.
     */
    private static final class PlainLoader implements Loader {

        private Context context;

        @Override
        public void backgroundProcess() {}

        @Override
        public ClassLoader getClassLoader() {
            return SimHttpServer.class.getClassLoader();
        }

        @Override
        public Context getContext() {
            return context;
        }

        @Override
        public void setContext(Context context) {
            this.context = context;
        }

        @Override
        public boolean getDelegate() {
            return true;
        }

        @Override
        public void setDelegate(boolean delegate) {}

        @Override
        public void addPropertyChangeListener(PropertyChangeListener listener) {}

        @Override
        public boolean modified() {
            return false;
        }

        @Override
        public void removePropertyChangeListener(PropertyChangeListener listener) {}
    }

    /**
     * Hands Tomcat's own response to the servlet: the servlet API rewrites {@code text/html;
     * charset=utf-8} to {@code text/html;charset=utf-8}; the raw response sends the Content-Type as
     * given.
     */
    private static final class RawResponseValve extends ValveBase {

        RawResponseValve() {
            super(true);
        }

        @Override
        public void invoke(
                org.apache.catalina.connector.Request request, org.apache.catalina.connector.Response response)
                throws IOException, ServletException {
            request.setAttribute(RAW_RESPONSE, response);
            getNext().invoke(request, response);
        }
    }

    /** Every method, every path: one {@link Request} to the handler, its {@link Response} back. */
    private static final class DispatchServlet extends HttpServlet {

        private static final long serialVersionUID = 1L;

        private final transient Handler handler;

        DispatchServlet(Handler handler) {
            this.handler = handler;
        }

        @Override
        protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            String method = req.getMethod().toUpperCase(Locale.ROOT);
            String path = req.getRequestURI(); // not decoded, not normalized
            String rawQuery = req.getQueryString();
            String target = rawQuery == null ? path : path + "?" + rawQuery;
            if (req.getContentLengthLong() > MAX_BODY_BYTES) {
                tooLarge(req, resp);
                return;
            }
            byte[] body = req.getInputStream().readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                tooLarge(req, resp);
                return;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String name : Collections.list(req.getHeaderNames())) {
                headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", Collections.list(req.getHeaders(name))));
            }
            InetAddress remote = InetAddress.getByName(req.getRemoteAddr()); // an address literal: no lookup
            Response response;
            try {
                response = handler.handle(new Request(method, target, path, rawQuery, headers, body, remote));
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "handler failed for " + method + " " + path, e);
                response = Response.of(
                        500, "application/json", "{\"code\":\"SYSTEM_ERROR\",\"message\":\"simulator error\"}");
            }
            write(req, resp, response);
        }

        private static void tooLarge(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            Response response = Response.of(413, "text/plain; charset=utf-8", "body too large");
            response.headers().put("Connection", "close");
            write(req, resp, response);
        }

        private static void write(HttpServletRequest req, HttpServletResponse resp, Response response)
                throws IOException {
            resp.setStatus(response.status());
            for (Map.Entry<String, String> h : response.headers().entrySet()) {
                if (h.getKey().equalsIgnoreCase("Content-Type")) {
                    contentType(req, resp, h.getValue());
                } else {
                    // Tomcat sends each char as one byte: hand it the UTF-8 bytes the handler means
                    resp.setHeader(
                            h.getKey(),
                            new String(h.getValue().getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
                }
            }
            if (response.status() == 204 || response.status() == 304) {
                return;
            }
            resp.setContentLength(response.body().length);
            resp.getOutputStream().write(response.body()); // Tomcat drops it for HEAD
        }

        private static void contentType(HttpServletRequest req, HttpServletResponse resp, String value) {
            if (req.getAttribute(RAW_RESPONSE) instanceof org.apache.catalina.connector.Response raw) {
                raw.getCoyoteResponse().setContentTypeNoCharset(value);
            } else {
                resp.setContentType(value);
            }
        }
    }
}
