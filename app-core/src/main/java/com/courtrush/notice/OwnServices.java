package com.courtrush.notice;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.embedded.EmbeddedRedis;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.amqp.RabbitConnectionDetails;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The engine's own services — its HTTP ports, Redis, the broker, a MySQL database — which the staff webhook never
 * posts to (issue 45), even where the server's settings allow their addresses: a port of one of them on this
 * machine, or on the host the engine reaches it at.
 */
@Component
class OwnServices {

    private static final Pattern JDBC_HOST = Pattern.compile("jdbc:(?:mysql|mariadb)://\\[?([^:/,\\]]+)]?(?::(\\d+))?");

    private final Set<Integer> listening = ConcurrentHashMap.newKeySet();
    private final CourtRushProperties properties;
    private final ObjectProvider<EmbeddedRedis> embeddedRedis;
    private final ObjectProvider<RabbitConnectionDetails> broker;
    private final ObjectProvider<RedisProperties> redis;
    private final Environment environment;

    OwnServices(
            CourtRushProperties properties,
            ObjectProvider<EmbeddedRedis> embeddedRedis,
            ObjectProvider<RabbitConnectionDetails> broker,
            ObjectProvider<RedisProperties> redis,
            Environment environment) {
        this.properties = properties;
        this.embeddedRedis = embeddedRedis;
        this.broker = broker;
        this.redis = redis;
        this.environment = environment;
    }

    @EventListener
    void listening(WebServerInitializedEvent started) {
        listening.add(started.getWebServer().getPort());
    }

    /** Whether {@code address:port} is one of the engine's own services. */
    boolean serves(InetAddress address, int port) {
        for (Service service : services()) {
            if (service.port() == port && (thisMachine(address) || service.at(address))) {
                return true;
            }
        }
        return false;
    }

    private List<Service> services() {
        List<Service> services = new ArrayList<>();
        listening.forEach(port -> services.add(new Service(null, port)));
        embeddedRedis.ifAvailable(server -> services.add(new Service(null, server.port())));
        broker.ifAvailable(details ->
                details.getAddresses().forEach(address -> services.add(new Service(address.host(), address.port()))));
        if (!properties.embedded() && properties.infra().redisConfigFile() == null) {
            redis.ifAvailable(server -> services.add(new Service(server.getHost(), server.getPort())));
        }
        Matcher database = JDBC_HOST.matcher(environment.getProperty("spring.datasource.url", ""));
        if (database.lookingAt()) {
            services.add(new Service(
                    database.group(1), database.group(2) == null ? 3306 : Integer.parseInt(database.group(2))));
        }
        return services;
    }

    /** Whether the address is one of this machine's: loopback, any-local or an interface's. */
    static boolean thisMachine(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** A service's port, at a host (null: on this machine). */
    private record Service(String host, int port) {

        boolean at(InetAddress address) {
            if (host == null) {
                return false;
            }
            try {
                return Arrays.asList(InetAddress.getAllByName(host)).contains(address);
            } catch (UnknownHostException | SecurityException e) {
                return false;
            }
        }
    }
}
