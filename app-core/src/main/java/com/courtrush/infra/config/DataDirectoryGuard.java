package com.courtrush.infra.config;

import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Makes the data directory private ({@link DataDirectory}) before any bean is made — the database,
 * redis-server and the broker all write into it — and again once they are up.
 */
@Component
class DataDirectoryGuard
        implements BeanFactoryPostProcessor, EnvironmentAware, ApplicationListener<ApplicationReadyEvent> {

    private static final Logger log = LoggerFactory.getLogger(DataDirectoryGuard.class);

    private Path dir;

    @Override
    public void setEnvironment(Environment environment) {
        this.dir = InfraDefaults.dataDir((ConfigurableEnvironment) environment);
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        DataDirectory.prepare(dir);
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        int tightened = DataDirectory.tighten(dir);
        log.debug("Data directory {}: {} entries created while starting made private", dir, tightened);
    }
}
