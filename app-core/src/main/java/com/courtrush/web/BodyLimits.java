package com.courtrush.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * How large a request body may be, checked before anything reads it: {@code POST /reserve/} carries
 * two numbers ({@value #RESERVE} bytes), a student import up to {@value #IMPORT} bytes (20,000
 * rows), anything else {@value #OTHER}. A declared length over the limit is answered 413 at once; a
 * body of no declared length is cut off at the limit and answered 413 as well.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class BodyLimits extends OncePerRequestFilter {

    static final int RESERVE = 256;
    static final int IMPORT = 4 * 1024 * 1024;
    static final int OTHER = 64 * 1024;

    static int limitFor(HttpServletRequest request) {
        // the decoded path the application maps (/%72eserve/ is /reserve/), not the raw URI
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (path.equals("/reserve") || path.startsWith("/reserve/")) {
            return RESERVE;
        }
        return path.equals("/admin/students") ? IMPORT : OTHER;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        int limit = limitFor(request);
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            tooLarge(request, response);
            return;
        }
        chain.doFilter(declared >= 0 ? request : new Limited(request, limit), response);
    }

    private static void tooLarge(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
        response.setHeader("Connection", "close"); // the rest of the body is not read
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(ErrorEnvelopes.json(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                RequestLocales.of(request)));
    }

    /** Thrown by a body of no declared length once it passes its limit; answered 413. */
    public static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(int limit) {
            super("The request body is larger than " + limit + " bytes");
        }
    }

    private static final class Limited extends HttpServletRequestWrapper {

        private final int limit;
        private ServletInputStream stream;

        Limited(HttpServletRequest request, int limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new CountingStream(super.getInputStream(), limit);
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            String encoding = getCharacterEncoding();
            return new BufferedReader(new InputStreamReader(getInputStream(),
                    encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding)));
        }
    }

    private static final class CountingStream extends ServletInputStream {

        private final ServletInputStream in;
        private final int limit;
        private long read;

        CountingStream(ServletInputStream in, int limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            read += n;
            if (read > limit) {
                throw new BodyTooLargeException(limit);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
