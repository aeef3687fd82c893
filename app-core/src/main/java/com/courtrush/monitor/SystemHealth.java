package com.courtrush.monitor;

import com.courtrush.monitor.api.DataDirectoryUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.health.HealthComponent;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.stereotype.Service;

/** Redis, broker and database health, from the same indicators as {@code /actuator/health}. */
@Service
public class SystemHealth {

    /** The components the status bar shows, by actuator name. */
    public static final Map<String, String> COMPONENTS = Map.of("redis", "Redis", "rabbit", "AMQP", "db", "DB");

    /** The embedded broker's store, as health names it ({@code EmbeddedInfraConfig}). */
    static final String BROKER_STORE = "brokerStore";

    private final HealthEndpoint health;
    private final DataDirectoryHealthIndicator dataDirectory;

    SystemHealth(HealthEndpoint health, DataDirectoryHealthIndicator dataDirectory) {
        this.health = health;
        this.dataDirectory = dataDirectory;
    }

    /** What the data directory takes and what its disk has left. */
    public DataDirectoryUsage dataDirectory() {
        return dataDirectory.usage();
    }

    /**
     * Actuator name → UP, DOWN or UNKNOWN. The broker ({@code rabbit}) is read with its store where the engine has one
     * of its own ({@code brokerStore}, embedded): a store that failed leaves the connection up while nothing is
     * confirmed, and the status bar says the broker is down until it is started again (issue 73).
     */
    public Map<String, Status> components() {
        Map<String, Status> result = new LinkedHashMap<>();
        for (String name : new String[] {"redis", "rabbit", "db"}) {
            HealthComponent component = health.healthForPath(name);
            result.put(name, component == null ? Status.UNKNOWN : component.getStatus());
        }
        HealthComponent store = health.healthForPath(BROKER_STORE);
        if (store != null && !Status.UP.equals(store.getStatus())) {
            result.put("rabbit", store.getStatus());
        }
        return result;
    }
}
