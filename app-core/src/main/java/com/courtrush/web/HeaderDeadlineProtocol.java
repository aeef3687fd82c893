package com.courtrush.web;

import java.net.SocketTimeoutException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.coyote.AbstractProcessor;
import org.apache.coyote.Constants;
import org.apache.coyote.Request;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's NIO connector with a deadline for a request's headers (decision 20): a connection whose
 * request line and headers are not whole {@value #DEADLINE_SECONDS} s after their first byte is
 * closed. Tomcat's own connection timeout only closes one that falls silent, so a client sending a
 * byte every few seconds would keep it for hours; waiting headers hold no thread, but each holds one
 * of the connector's connections.
 */
public class HeaderDeadlineProtocol extends Http11NioProtocol {

    private static final Logger log = LoggerFactory.getLogger(HeaderDeadlineProtocol.class);

    static final long DEADLINE_SECONDS = 10;

    private final AtomicLong closed = new AtomicLong();
    private ScheduledExecutorService sweeper;

    @Override
    public void start() throws Exception {
        super.start();
        sweeper = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "courtrush-header-deadline");
            thread.setDaemon(true);
            return thread;
        });
        sweeper.scheduleWithFixedDelay(this::closeLateHeaders, 1, 1, TimeUnit.SECONDS);
    }

    @Override
    public void stop() throws Exception {
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        super.stop();
    }

    /** Connections closed so far because their headers missed the deadline. */
    public long closedForLateHeaders() {
        return closed.get();
    }

    private void closeLateHeaders() {
        try {
            long now = System.nanoTime();
            long deadline = TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
            int count = 0;
            for (SocketWrapperBase<NioChannel> connection : getEndpoint().getConnections()) {
                // a processor stays with a connection whose headers are partly read (stage "ended" between
                // reads), with one in the application (async or not) and one upgraded; an idle one has none
                if (connection.getCurrentProcessor() instanceof AbstractProcessor processor
                        && !processor.isAsync()
                        && !processor.isUpgrade()) {
                    Request request = processor.getRequest();
                    int stage = request.getRequestProcessor().getStage();
                    long started = request.getStartTimeNanos();
                    // a request that has answered (an asynchronous one just completing) is not waiting for headers
                    if ((stage == Constants.STAGE_PARSE || stage == Constants.STAGE_ENDED)
                            && started > 0
                            && now - started > deadline
                            && !request.getResponse().isCommitted()) {
                        // closed as the poller closes a timed-out socket: by a worker, under the socket's lock
                        connection.setError(new SocketTimeoutException(
                                "Request headers not whole within " + DEADLINE_SECONDS + " s"));
                        if (!getEndpoint().processSocket(connection, SocketEvent.ERROR, true)) {
                            connection.close();
                        }
                        count++;
                    }
                }
            }
            if (count > 0) {
                closed.addAndGet(count);
                log.debug("Closed {} connections whose headers did not arrive within {} s", count, DEADLINE_SECONDS);
            }
        } catch (RuntimeException e) {
            log.warn("Looking for connections with late headers failed; trying again in a second", e);
        }
    }
}
