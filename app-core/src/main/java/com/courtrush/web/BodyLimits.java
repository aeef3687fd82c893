package com.courtrush.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Every request body is read whole, within its limit, before anything else sees the request, and a
 * body still arriving holds no request thread (decision 20). {@code POST /reserve/} carries two
 * numbers ({@value #RESERVE} bytes), a student import up to {@value #IMPORT} bytes (20,000 rows),
 * anything else {@value #OTHER}; a declared length over the limit is answered 413 at once, a body of
 * no declared length 413 once it passes the limit.
 *
 * <p>What arrived with the headers is read in the request thread, as nearly every body does. The rest
 * is read by the container as it comes ({@link ReadListener}), with no thread waiting; once whole,
 * the request is dispatched again through every filter as if it had just arrived. A body that has
 * not arrived by its deadline ({@value #DEADLINE_MS} ms, more for a large one at 64 KiB/s) is
 * answered 408 and its connection closed; one silent for the connection timeout is closed. The bodies
 * held at once are bounded by a share of the heap, an import's apart from the others (it may be sent
 * before anyone has signed in): past it, 503 at once. Each refusal is answered in the envelope, or in the caller's
 * own protocol on a path that has one ({@link OwnAnswers}: WeChat Pay's notifications).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class BodyLimits extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(BodyLimits.class);

    static final int RESERVE = 256;
    static final int IMPORT = 4 * 1024 * 1024;
    static final int OTHER = 64 * 1024;
    static final long DEADLINE_MS = 10_000;
    private static final long SLOW_LINK_BYTES_PER_SECOND = 64 * 1024;
    private static final String ARRIVED = BodyLimits.class.getName() + ".ARRIVED";

    /** Bodies of an import held at once: two of the largest. */
    private static final long LARGE_BUDGET = 2L * IMPORT;

    private final AtomicLong smallHeld = new AtomicLong();
    private final AtomicLong largeHeld = new AtomicLong();
    private final long smallBudget;
    private final Counter waited;
    private final Counter timedOut;
    private final Counter refusedBusy;
    private final BodyRefusals refusals;

    @Autowired
    public BodyLimits(MeterRegistry meters, ObjectProvider<OwnAnswers> ownAnswers) {
        this(
                meters,
                Math.min(64L * 1024 * 1024, Runtime.getRuntime().maxMemory() / 8),
                () -> ownAnswers.orderedStream().toList());
    }

    BodyLimits(MeterRegistry meters, long budgetBytes, Supplier<List<OwnAnswers>> ownAnswers) {
        this.refusals = new BodyRefusals(ownAnswers);
        this.smallBudget = budgetBytes;
        this.waited = slowBodies(meters, "waited");
        this.timedOut = slowBodies(meters, "timed-out");
        this.refusedBusy = slowBodies(meters, "refused-busy");
    }

    private static Counter slowBodies(MeterRegistry meters, String outcome) {
        return Counter.builder("courtrush.http.slow-bodies")
                .description("Request bodies that did not arrive with their headers, by what became of them")
                .tag("outcome", outcome)
                .register(meters);
    }

    static int limitFor(HttpServletRequest request) {
        // the decoded path the application maps (/%72eserve/ is /reserve/), not the raw URI
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (path.equals("/reserve") || path.startsWith("/reserve/")) {
            return RESERVE;
        }
        return path.equals("/admin/students") ? IMPORT : OTHER;
    }

    /** The second pass, once the body has arrived, must run this filter again. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            Object arrived = request.getAttribute(ARRIVED);
            if (arrived instanceof Body body) {
                request.removeAttribute(ARRIVED);
                replay(request, response, chain, body);
            } else {
                chain.doFilter(request, response);
            }
            return;
        }
        long declared = request.getContentLengthLong();
        if (declared == 0 || declared < 0 && request.getHeader("Transfer-Encoding") == null) {
            chain.doFilter(request, response);
            return;
        }
        int limit = limitFor(request);
        if (declared > limit) {
            refusals.answer(request, response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
            return;
        }
        int capacity = declared > 0 ? (int) declared : limit;
        // an import's bodies have their own, smaller budget: filling it cannot refuse a student's request
        AtomicLong held = capacity > OTHER ? largeHeld : smallHeld;
        if (!hold(held, capacity > OTHER ? LARGE_BUDGET : smallBudget, capacity)) {
            refusedBusy.increment();
            refusals.answer(request, response, HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            return;
        }
        Body body = new Body(capacity, declared > 0, held);
        boolean passedOn = false;
        try {
            ServletInputStream in = request.getInputStream();
            if (body.declared) {
                // what came with the headers is in the connector's buffer: reading it does not wait
                while (!body.isWhole() && in.available() > 0) {
                    int n = in.read(body.bytes, body.length, body.bytes.length - body.length);
                    if (n < 0) {
                        break;
                    }
                    body.length += n;
                }
                if (body.isWhole()) {
                    chain.doFilter(new WholeBody(request, body), response);
                    return;
                }
            }
            waitFor(request, response, in, body, limit);
            passedOn = true;
        } finally {
            if (!passedOn) {
                release(body);
            }
        }
    }

    private void replay(HttpServletRequest request, HttpServletResponse response, FilterChain chain, Body body)
            throws ServletException, IOException {
        WholeBody whole = new WholeBody(request, body);
        whole.replaying = true;
        try {
            chain.doFilter(whole, response);
        } finally {
            whole.replaying = false;
            release(body);
        }
    }

    /** Lets the container read the rest as it arrives, and frees this thread. */
    private void waitFor(
            HttpServletRequest request, HttpServletResponse response, ServletInputStream in, Body body, int limit) {
        waited.increment();
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(DEADLINE_MS + body.bytes.length * 1000L / SLOW_LINK_BYTES_PER_SECOND);
        async.addListener(new AsyncListener() {
            @Override
            public void onTimeout(AsyncEvent event) {
                tooLate("did not arrive by its deadline");
            }

            @Override
            public void onError(AsyncEvent event) {
                // fell silent for the connection timeout, or went away: answered here, not as a server error
                tooLate("stopped arriving (" + event.getThrowable() + ")");
            }

            private void tooLate(String what) {
                log.debug(
                        "A request body from {} {}: 408 ({} of {} bytes)",
                        request.getRemoteAddr(),
                        what,
                        body.length,
                        body.declared ? body.bytes.length : "?");
                timedOut.increment();
                release(body);
                try {
                    refusals.answer(request, response, HttpServletResponse.SC_REQUEST_TIMEOUT);
                } catch (IOException gone) {
                    log.debug("The 408 to {} could not be sent: {}", request.getRemoteAddr(), gone.toString());
                }
                async.complete();
            }

            @Override
            public void onComplete(AsyncEvent event) {
                release(body);
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // a later cycle is the application's own
            }
        });
        in.setReadListener(new ReadListener() {
            @Override
            public void onDataAvailable() throws IOException {
                while (in.isReady()) {
                    if (body.isWhole()) {
                        if (!body.declared) {
                            // a body of no declared length that fills its limit and goes on
                            tooLarge();
                        }
                        return;
                    }
                    int n = in.read(body.bytes, body.length, body.bytes.length - body.length);
                    if (n < 0) {
                        return;
                    }
                    body.length += n;
                }
            }

            @Override
            public void onAllDataRead() {
                request.setAttribute(ARRIVED, body);
                async.dispatch();
            }

            @Override
            public void onError(Throwable failure) {
                // the async context's listener answers it (onError above)
            }

            private void tooLarge() throws IOException {
                log.debug(
                        "A request body from {} of no declared length passed its limit of {} bytes",
                        request.getRemoteAddr(),
                        limit);
                release(body);
                refusals.answer(request, response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
                async.complete();
            }
        });
    }

    private static boolean hold(AtomicLong held, long budget, int bytes) {
        long after = held.addAndGet(bytes);
        if (after > budget && after != bytes) {
            held.addAndGet(-bytes);
            return false;
        }
        return true;
    }

    private static void release(Body body) {
        if (body.released.compareAndSet(false, true)) {
            body.held.addAndGet(-body.bytes.length);
        }
    }

    /** A body as it arrives: a declared length fills {@code bytes}; an undeclared one stops at its limit. */
    private static final class Body {

        final byte[] bytes;
        final boolean declared;
        final AtomicLong held;
        final AtomicBoolean released = new AtomicBoolean();
        int length;

        Body(int capacity, boolean declared, AtomicLong held) {
            this.bytes = new byte[capacity];
            this.declared = declared;
            this.held = held;
        }

        boolean isWhole() {
            return length == bytes.length;
        }
    }

    /**
     * The request with its body in memory. On the pass after the body arrived it reads as a request
     * just arrived ({@link DispatcherType#REQUEST}), so every filter, the security chain included,
     * treats it as one; a later asynchronous dispatch of the application's own reads as what it is.
     */
    private static final class WholeBody extends HttpServletRequestWrapper {

        private final byte[] bytes;
        private final int length;
        private volatile boolean replaying;
        private ServletInputStream stream;
        private Map<String, String[]> parameters;
        private Boolean form;

        WholeBody(HttpServletRequest request, Body body) {
            super(request);
            this.bytes = body.bytes;
            this.length = body.length;
        }

        @Override
        public DispatcherType getDispatcherType() {
            return replaying ? DispatcherType.REQUEST : super.getDispatcherType();
        }

        @Override
        public ServletInputStream getInputStream() {
            if (stream == null) {
                stream = new InMemory(new ByteArrayInputStream(bytes, 0, length));
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            return new BufferedReader(new InputStreamReader(
                    getInputStream(), encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding)));
        }

        /*
         * A form's fields are in the body this filter read: the container, finding its stream read, would give the
         * query's parameters only (a CAS server's single-logout POST, an OpenID back-channel logout).
         */
        @Override
        public String getParameter(String name) {
            if (!form()) {
                return super.getParameter(name);
            }
            String[] values = parameters().get(name);
            return values == null || values.length == 0 ? null : values[0];
        }

        @Override
        public Map<String, String[]> getParameterMap() {
            return form() ? parameters() : super.getParameterMap();
        }

        @Override
        public Enumeration<String> getParameterNames() {
            return form() ? Collections.enumeration(parameters().keySet()) : super.getParameterNames();
        }

        @Override
        public String[] getParameterValues(String name) {
            return form() ? parameters().get(name) : super.getParameterValues(name);
        }

        /** Whether the body is a form's (anything else, a reserve's JSON, asks the container as ever). */
        private boolean form() {
            if (form == null) {
                form = isForm(getContentType());
            }
            return form;
        }

        private Map<String, String[]> parameters() {
            if (parameters == null) {
                parameters = formParameters();
            }
            return parameters;
        }

        private Map<String, String[]> formParameters() {
            Map<String, String[]> all = new LinkedHashMap<>(super.getParameterMap());
            Charset charset = charset(getCharacterEncoding());
            String text = new String(bytes, 0, length, charset);
            for (String pair : text.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                String name;
                String value;
                try {
                    name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), charset);
                    value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), charset);
                } catch (IllegalArgumentException notEncoded) {
                    // as the container does with a field it cannot decode: left out, the handler says what is missing
                    log.debug("A form field that is not URL-encoded was left out: {}", notEncoded.getMessage());
                    continue;
                }
                all.merge(name, new String[] {value}, (known, more) -> {
                    String[] merged = Arrays.copyOf(known, known.length + 1);
                    merged[known.length] = more[0];
                    return merged;
                });
            }
            return Collections.unmodifiableMap(all);
        }

        private static Charset charset(String encoding) {
            try {
                return encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            } catch (IllegalArgumentException unknown) {
                return StandardCharsets.UTF_8; // a charset no one knows: read as UTF-8, as the page sends
            }
        }

        private static boolean isForm(String contentType) {
            try {
                return contentType != null
                        && MediaType.APPLICATION_FORM_URLENCODED.includes(MediaType.parseMediaType(contentType));
            } catch (org.springframework.http.InvalidMediaTypeException e) {
                return false;
            }
        }
    }

    private static final class InMemory extends ServletInputStream {

        private final ByteArrayInputStream in;

        InMemory(ByteArrayInputStream in) {
            this.in = in;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            return in.read(buffer, offset, length);
        }

        @Override
        public int available() {
            return in.available();
        }

        @Override
        public boolean isFinished() {
            return in.available() == 0;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            try {
                listener.onDataAvailable();
                listener.onAllDataRead();
            } catch (IOException e) {
                listener.onError(e);
            }
        }
    }
}
