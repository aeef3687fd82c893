package com.courtrush.infra.embedded;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.lifecycle.EngineStop;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.connection.AbstractConnectionFactory;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.amqp.RabbitConnectionDetails;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;

/** Starts the embedded Redis and AMQP broker (default mode) and points the clients at them. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "courtrush.infra.mode", havingValue = "embedded", matchIfMissing = true)
class EmbeddedInfraConfig {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedInfraConfig.class);
    private static final String LOOPBACK = "127.0.0.1";
    /** How long a connection to a broker whose store failed is given to close. */
    private static final int FAILED_BROKER_CLOSE_MS = 1000;

    /** The embedded database's file, compacted when it has grown, while the pool does not hold it (SPEC §20). */
    @Bean
    EmbeddedDatabaseFile embeddedDatabaseFile(Environment environment, CourtRushProperties properties) {
        return new EmbeddedDatabaseFile(
                environment.getProperty("spring.datasource.url", ""),
                properties.dataDir().resolve("db").resolve("courtrush.mv.db"),
                DataSize.parse(environment.getProperty("courtrush.history.compact-over", "32MB"))
                        .toBytes());
    }

    /** The connection pool is made after the database file's keeper and closed before it. */
    @Bean
    static BeanFactoryPostProcessor poolAfterTheDatabaseFile() {
        return beanFactory -> {
            if (beanFactory.containsBeanDefinition("dataSource")) {
                BeanDefinition pool = beanFactory.getBeanDefinition("dataSource");
                List<String> after =
                        new ArrayList<>(pool.getDependsOn() == null ? List.of() : Arrays.asList(pool.getDependsOn()));
                after.add("embeddedDatabaseFile");
                pool.setDependsOn(after.toArray(String[]::new));
            }
        };
    }

    /** Started again when it exits by itself; each restart is published ({@code PartRestarted}) for staff. */
    @Bean(destroyMethod = "close")
    EmbeddedRedis embeddedRedis(CourtRushProperties properties, EngineStop stop, ApplicationEventPublisher events) {
        EmbeddedRedis redis = EmbeddedRedis.start(
                properties.dataDir(),
                properties.infra().embeddedRedisPort(),
                properties.infra().embeddedRedisPassword(),
                stop);
        redis.onRestart(events::publishEvent);
        return redis;
    }

    /**
     * Started again when its store fails; the AMQP clients are pointed at its port (another one if the failed broker
     * still held it) and each restart is published ({@code PartRestarted}) for staff.
     */
    @Bean(destroyMethod = "close")
    EmbeddedAmqpBroker embeddedAmqpBroker(
            CourtRushProperties properties,
            EngineStop stop,
            ApplicationEventPublisher events,
            ObjectProvider<CachingConnectionFactory> clients) {
        EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(properties.dataDir(), stop);
        broker.onRestart(restarted -> {
            clients.ifAvailable(factory -> {
                // every connection given up first: a reset closes the publisher's too, and would wait on it for ever
                giveUpItsConnection(factory);
                giveUpItsConnection((AbstractConnectionFactory) factory.getPublisherConnectionFactory());
                factory.setAddresses(LOOPBACK + ":" + broker.port()); // the publisher's factory follows
                factory.resetConnection();
            });
            events.publishEvent(restarted);
        });
        return broker;
    }

    /**
     * Aborts the connection {@code factory} holds to a broker whose store failed: that broker may never answer a
     * close, and Spring's reset would wait for its answer for ever.
     */
    private static void giveUpItsConnection(AbstractConnectionFactory factory) {
        try {
            factory.createConnection().getDelegate().abort(FAILED_BROKER_CLOSE_MS);
        } catch (AmqpException e) {
            log.info("No connection of {} to the failed broker to give up: {}", factory, e.getMessage());
        }
    }

    /**
     * Health's {@code brokerStore}: DOWN while the embedded broker's store has failed, until the watch has started the
     * broker again (a second or two).
     */
    @Bean
    HealthIndicator brokerStoreHealthIndicator(EmbeddedAmqpBroker broker) {
        return () -> broker.storeFailure()
                .map(failure -> Health.down().withDetail("failure", failure).build())
                .orElseGet(() -> Health.up().withDetail("port", broker.port()).build());
    }

    /**
     * The broker store's log forces, beside the messages it keeps: the measure of its group commit. A counter
     * is never negative (Prometheus refuses the whole scrape for one): a store it cannot read counts 0.
     */
    @Bean
    MeterBinder embeddedBrokerStoreMeters(EmbeddedAmqpBroker broker) {
        return registry -> FunctionCounter.builder(
                        "courtrush.broker.store.log-forces", broker, store -> Math.max(0, store.logForces()))
                .description("Times the embedded broker's store forced its log to disk (one per group commit)")
                .register(registry);
    }

    @Bean
    RabbitConnectionDetails embeddedRabbitConnectionDetails(EmbeddedAmqpBroker broker) {
        return new RabbitConnectionDetails() {
            @Override
            public String getUsername() {
                return EmbeddedAmqpBroker.USERNAME;
            }

            @Override
            public String getPassword() {
                return broker.password();
            }

            @Override
            public String getVirtualHost() {
                return EmbeddedAmqpBroker.VIRTUAL_HOST;
            }

            @Override
            public List<Address> getAddresses() {
                return List.of(new Address(LOOPBACK, broker.port()));
            }
        };
    }
}
