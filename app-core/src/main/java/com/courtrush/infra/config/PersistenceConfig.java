package com.courtrush.infra.config;

import com.baomidou.mybatisplus.core.handlers.MetaObjectHandler;
import com.baomidou.mybatisplus.extension.plugins.MybatisPlusInterceptor;
import com.baomidou.mybatisplus.extension.plugins.inner.PaginationInnerInterceptor;
import com.courtrush.core.Release;
import com.courtrush.infra.release.SchemaCompatibility;
import db.migration.V30__StampsIntoTheGymsZone;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.ibatis.reflection.MetaObject;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.flyway.FlywayConfigurationCustomizer;
import org.springframework.boot.autoconfigure.flyway.FlywayMigrationStrategy;
import org.springframework.boot.autoconfigure.transaction.TransactionManagerCustomizers;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * MyBatis-Plus plumbing and the engine's clock. Every time the engine writes is wall time in
 * {@code courtrush.zone}, whatever the database server's own time zone is.
 */
@Configuration(proxyBeanMethods = false)
class PersistenceConfig {

    /** Wall time in the engine's zone, in whole milliseconds (what the database keeps). */
    @Bean
    Clock clock(CourtRushProperties properties) {
        return Clock.tick(Clock.system(properties.zone()), Duration.ofMillis(1));
    }

    /**
     * Spring's JDBC transaction manager (as Spring Boot would make it), telling {@link AfterTransaction} when a
     * thread's transactions have given their connections back.
     */
    @Bean
    PlatformTransactionManager transactionManager(
            DataSource dataSource, ObjectProvider<TransactionManagerCustomizers> customizers) {
        JdbcTransactionManager manager = new ConnectionReturningTransactionManager(dataSource);
        customizers.ifAvailable(each -> each.customize(manager));
        return manager;
    }

    @Bean
    MybatisPlusInterceptor mybatisPlusInterceptor() {
        MybatisPlusInterceptor interceptor = new MybatisPlusInterceptor();
        PaginationInnerInterceptor pagination = new PaginationInnerInterceptor();
        pagination.setMaxLimit(1000L);
        interceptor.addInnerInterceptor(pagination);
        return interceptor;
    }

    /** The migrations that need the gym's zone read it as a placeholder ({@code V30__StampsIntoTheGymsZone}). */
    @Bean
    FlywayConfigurationCustomizer gymZoneForTheMigrations(CourtRushProperties properties) {
        return configuration -> configuration.placeholders(
                Map.of(V30__StampsIntoTheGymsZone.GYM_ZONE, properties.zone().getId()));
    }

    /**
     * Migrates to this release's schema, or starts on the next release's as it is when that one only added, and
     * refuses anything further ahead in words (SPEC §23).
     */
    @Bean
    FlywayMigrationStrategy schemaCompatibility(Clock clock) {
        return new SchemaCompatibility(Release.current(), clock);
    }

    @Bean
    MetaObjectHandler auditTimestamps(Clock clock) {
        return new MetaObjectHandler() {
            @Override
            public void insertFill(MetaObject metaObject) {
                LocalDateTime now = LocalDateTime.now(clock);
                strictInsertFill(metaObject, "createTime", LocalDateTime.class, now);
                strictInsertFill(metaObject, "updateTime", LocalDateTime.class, now);
            }

            @Override
            public void updateFill(MetaObject metaObject) {
                setFieldValByName("updateTime", LocalDateTime.now(clock), metaObject);
            }
        };
    }
}
