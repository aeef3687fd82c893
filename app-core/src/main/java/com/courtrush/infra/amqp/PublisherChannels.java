package com.courtrush.infra.amqp;

import com.rabbitmq.client.Channel;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

/**
 * The channels grants are published on, kept ready for a rush. Spring AMQP keeps a channel out of its cache while a
 * confirm of it is pending, with a thread of its own pool waiting for that confirm; its pool lets an idle thread go
 * after a minute, and its cache keeps only the channels a node's last crowd needed at once. So the first rush after a
 * quiet spell opened a channel (two round trips to the broker) and started a thread for most of its first winners:
 * 48 of each in the first 800 ms of the bench's cold crowd, on the request threads (decision 28). Here the waiting
 * threads stay — one per channel the cache keeps, started with the node — and {@link #fill} opens the cache's channels
 * before a rush.
 */
@Component
public class PublisherChannels {

    private static final Logger log = LoggerFactory.getLogger(PublisherChannels.class);

    /** An idle thread beyond the cache's number goes after this long, as in Spring's own pool. */
    private static final long EXTRA_THREADS_KEEP_ALIVE_S = 60;

    /** The cache's count of idle channels (not transactional), in its channel cache mode. */
    private static final String IDLE_CHANNELS = "idleChannelsNotTx";

    private final CachingConnectionFactory publishing;
    private final ThreadPoolExecutor confirmWaits;

    PublisherChannels(CachingConnectionFactory connectionFactory) {
        // the template publishes on the publisher connection (AmqpConfig), whose own factory holds its channels
        this.publishing = (CachingConnectionFactory) connectionFactory.getPublisherConnectionFactory();
        int channels = publishing.getChannelCacheSize();
        CustomizableThreadFactory threads = new CustomizableThreadFactory("confirm-wait-");
        threads.setDaemon(true);
        this.confirmWaits = new ThreadPoolExecutor(
                channels,
                Integer.MAX_VALUE,
                EXTRA_THREADS_KEEP_ALIVE_S,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(),
                threads);
        confirmWaits.prestartAllCoreThreads();
        // also the executor of the publisher connection's consumers, of which it has none
        publishing.setExecutor(confirmWaits);
    }

    /**
     * Opens as many publishing channels as the cache keeps and gives them back to it, so that a crowd's first grants
     * find one each. Returns how many channels the cache then holds idle.
     */
    public int fill() {
        int size = publishing.getChannelCacheSize();
        List<Channel> opened = new ArrayList<>(size);
        try {
            Connection connection = publishing.createConnection();
            for (int i = 0; i < size; i++) {
                opened.add(connection.createChannel(false));
            }
        } catch (AmqpException e) {
            log.warn("Opened {} of {} publishing channels ahead of the rush: {}", opened.size(), size, e.toString());
        } finally {
            opened.forEach(PublisherChannels::giveBack);
        }
        return idle();
    }

    /** The publishing channels the cache holds idle now. */
    public int idle() {
        return Integer.parseInt(publishing.getCacheProperties().getProperty(IDLE_CHANNELS, "0"));
    }

    private static void giveBack(Channel channel) {
        try {
            channel.close();
        } catch (Exception e) {
            // a cached channel's close gives it back; one the broker closed meanwhile is simply gone
            log.warn("A publishing channel opened ahead of the rush could not be given back: {}", e.toString());
        }
    }

    @PreDestroy
    void stop() {
        confirmWaits.shutdown();
    }
}
