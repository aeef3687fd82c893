package com.courtrush.infra.redis;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.atomic.LongAdder;
import org.redisson.client.NettyHook;
import org.redisson.client.protocol.QueueCommand;
import org.springframework.stereotype.Component;

/**
 * Counts the requests this node sends to Redis: every command, script call or batch Redisson writes
 * to a connection is one request answered by one reply, so one round trip. Exposed as
 * {@code courtrush.redis.round-trips}; the benchmark divides it by the reserve decisions.
 */
@Component
public class RedisRoundTrips implements NettyHook, MeterBinder {

    private final LongAdder requests = new LongAdder();
    private final ChannelHandler counter = new Counter(requests);

    @Override
    public void afterBoostrapInitialization(Bootstrap bootstrap) {
        // nothing to change on the bootstrap
    }

    @Override
    public void afterChannelInitialization(Channel channel) {
        // last in the pipeline, so outbound writes pass it first, before Redisson encodes them
        channel.pipeline().addLast(counter);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("courtrush.redis.round-trips", requests, LongAdder::sum)
                .description("Requests (commands, script calls, batches) this node sent to Redis")
                .register(registry);
    }

    public long total() {
        return requests.sum();
    }

    @ChannelHandler.Sharable
    private static final class Counter extends ChannelOutboundHandlerAdapter {

        private final LongAdder requests;

        Counter(LongAdder requests) {
            this.requests = requests;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            if (msg instanceof QueueCommand) {
                requests.increment();
            }
            super.write(ctx, msg, promise);
        }
    }
}
