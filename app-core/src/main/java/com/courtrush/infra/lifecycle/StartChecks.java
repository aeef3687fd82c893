package com.courtrush.infra.lifecycle;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.InstantiationAwareBeanPostProcessor;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.context.support.AbstractApplicationContext;
import org.springframework.core.Ordered;

/**
 * Checks the engine's {@link EngineStop} between the steps of its start: before each bean is made
 * while the context refreshes (the redis-server, the broker, the database, Tomcat's connector are
 * all beans), and before the engine is reported started and ready (where the openings are re-synced
 * and the jobs scheduled). A stop then ends the start at its next step: Spring destroys the beans
 * made so far, or closes the context, so what had started is stopped in its usual order. Registered
 * for every context of the engine in {@code META-INF/spring.factories}; the context's stop is the one
 * its {@link EngineLifecycle} gave it, else a new one that only the JVM's shutdown requests.
 */
public final class StartChecks implements ApplicationContextInitializer<ConfigurableApplicationContext>, Ordered {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        if (!beans.containsSingleton(EngineStop.BEAN)) {
            beans.registerSingleton(EngineStop.BEAN, new EngineStop());
        }
        Steps steps = new Steps((EngineStop) beans.getSingleton(EngineStop.BEAN), context);
        beans.addBeanPostProcessor(steps);
        context.addApplicationListener(steps);
    }

    /**
     * The stop {@code context}'s start is checked against, or null where none is: kept by its listener, so
     * also after a failed start has destroyed the context's beans (and its {@value EngineStop#BEAN} bean).
     */
    static EngineStop stopOf(ConfigurableApplicationContext context) {
        if (context instanceof AbstractApplicationContext withListeners) {
            for (ApplicationListener<?> listener : withListeners.getApplicationListeners()) {
                if (listener instanceof Steps steps) {
                    return steps.stop;
                }
            }
        }
        return null;
    }

    /** After {@link EngineLifecycle}'s, which gives the context its stop. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    private static final class Steps
            implements InstantiationAwareBeanPostProcessor, ApplicationListener<ApplicationEvent>, Ordered {

        private static final String TOMCAT_STARTER = "org.springframework.boot.web.embedded.tomcat.TomcatStarter";

        private final EngineStop stop;
        private final ConfigurableApplicationContext context;
        /** Beans made later (lazily, or while the context closes) are not steps of the start. */
        private volatile boolean refreshing = true;

        Steps(EngineStop stop, ConfigurableApplicationContext context) {
            this.stop = stop;
            this.context = context;
        }

        @Override
        public Object postProcessBeforeInstantiation(Class<?> beanClass, String beanName) {
            if (refreshing && stop.requested() && !insideTomcatsStart()) {
                stop.check("creating bean '" + beanName + "'");
            }
            return null;
        }

        /**
         * Tomcat's start makes the servlet filters' beans, and its starter logs any failure there as an ERROR
         * before Spring Boot reports it: a stop is acted on at the next bean after it (the filters start
         * nothing of their own).
         */
        private static boolean insideTomcatsStart() {
            return StackWalker.getInstance()
                    .walk(frames ->
                            frames.anyMatch(frame -> frame.getClassName().equals(TOMCAT_STARTER)));
        }

        @Override
        public void onApplicationEvent(ApplicationEvent event) {
            if (event instanceof ContextRefreshedEvent refreshed && refreshed.getApplicationContext() == context) {
                refreshing = false;
            } else if (event instanceof ApplicationStartedEvent started && started.getApplicationContext() == context) {
                stop.check("reporting the engine started");
            } else if (event instanceof ApplicationReadyEvent ready && ready.getApplicationContext() == context) {
                stop.check("reporting the engine ready (re-syncing the openings, scheduling the jobs)");
            }
        }

        /** Before the engine's own listeners of the same events. */
        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }
}
