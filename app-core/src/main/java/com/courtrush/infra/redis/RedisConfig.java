package com.courtrush.infra.redis;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.infra.embedded.EmbeddedRedis;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import org.redisson.config.ReadMode;
import org.redisson.config.SingleServerConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.data.redis.RedisProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.StringUtils;

/**
 * The one Redisson client. Embedded mode: the child redis-server. External mode: a Redisson YAML
 * file ({@code courtrush.infra.redis-config-file}, for Sentinel or Cluster) or the standard
 * {@code spring.data.redis.*} properties for a single server.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RedisProperties.class)
class RedisConfig {

    @Bean(destroyMethod = "shutdown")
    RedissonClient redissonClient(
            CourtRushProperties properties,
            RedisProperties redis,
            ObjectProvider<EmbeddedRedis> embedded,
            RedisRoundTrips roundTrips) {
        Config config = properties.embedded()
                ? singleServer(
                        "redis://127.0.0.1:" + embedded.getObject().port(),
                        null,
                        embedded.getObject().password(),
                        0,
                        properties.infra().redisTimeout())
                : externalConfig(properties, redis);
        config.setCodec(StringCodec.INSTANCE);
        // every RScript.eval goes as EVALSHA (SHA-1 computed once), the source only after NOSCRIPT;
        // a batch does not use this cache, so ScriptPipeline sends EVALSHA and reloads itself
        config.setUseScriptCache(true);
        config.setNettyHook(roundTrips);
        try {
            return Redisson.create(config);
        } catch (RuntimeException e) {
            throw new InfraConfigException(
                    "Cannot connect to Redis: " + e.getMessage(),
                    "Check that Redis is running and spring.data.redis.* (or courtrush.infra.redis-config-file) "
                            + "points at it.",
                    e);
        }
    }

    private static Config externalConfig(CourtRushProperties properties, RedisProperties redis) {
        if (properties.infra().redisConfigFile() != null) {
            try (InputStream yaml = Files.newInputStream(properties.infra().redisConfigFile())) {
                return readsFromMasters(Config.fromYAML(yaml));
            } catch (IOException e) {
                throw new InfraConfigException(
                        "Cannot read the Redisson config file "
                                + properties.infra().redisConfigFile() + ": " + e.getMessage(),
                        "Fix courtrush.infra.redis-config-file (Redisson's YAML format).",
                        e);
            }
        }
        String address = StringUtils.hasText(redis.getUrl())
                ? redis.getUrl()
                : (redis.getSsl().isEnabled() ? "rediss://" : "redis://") + redis.getHost() + ":" + redis.getPort();
        return singleServer(
                address,
                redis.getUsername(),
                redis.getPassword(),
                redis.getDatabase(),
                properties.infra().redisTimeout());
    }

    /**
     * Every read goes to a master, whatever the file says: the engine reads what it has just written (a
     * pending record after its grant, a gate it opened), which a replica may not have yet. Redisson's
     * default for Sentinel and Cluster reads from replicas.
     */
    private static Config readsFromMasters(Config config) {
        if (config.isSentinelConfig()) {
            config.useSentinelServers().setReadMode(ReadMode.MASTER);
        } else if (config.isClusterConfig()) {
            config.useClusterServers().setReadMode(ReadMode.MASTER);
        }
        return config;
    }

    /**
     * Fails fast: a command that gets no answer within {@code timeout} is not retried (Redisson's
     * defaults, 3 s and 3 retries 1.5 s apart, held requests 5–9.5 s while Redis was down), so the
     * student is told 503 within about that long. A Redisson YAML file sets its own.
     */
    private static Config singleServer(
            String address, String username, String password, int database, Duration timeout) {
        Config config = new Config();
        int millis = Math.toIntExact(timeout.toMillis());
        SingleServerConfig server = config.useSingleServer()
                .setAddress(address)
                .setDatabase(database)
                .setConnectionMinimumIdleSize(16)
                .setConnectionPoolSize(64)
                .setTimeout(millis)
                .setConnectTimeout(millis)
                .setRetryAttempts(0);
        if (StringUtils.hasText(username)) {
            server.setUsername(username);
        }
        if (StringUtils.hasText(password)) {
            server.setPassword(password);
        }
        return config;
    }
}
