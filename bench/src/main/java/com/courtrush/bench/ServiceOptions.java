package com.courtrush.bench;

import java.util.List;
import picocli.CommandLine.Option;

/** The real MySQL/MariaDB, Redis and RabbitMQ an {@code --external} run's engines use. */
final class ServiceOptions {

    @Option(
            names = "--mysql-url",
            defaultValue = "jdbc:mysql://127.0.0.1:3306/test?useSSL=false&allowPublicKeyRetrieval=true")
    String mysqlUrl;

    @Option(names = "--mysql-user", defaultValue = "root")
    String mysqlUser;

    @Option(names = "--mysql-password", defaultValue = "")
    String mysqlPassword;

    @Option(names = "--redis-host", defaultValue = "127.0.0.1")
    String redisHost;

    @Option(names = "--redis-port", defaultValue = "6379")
    int redisPort;

    @Option(
            names = "--redis-database",
            defaultValue = "6",
            description = "Redis database for the external run (default ${DEFAULT-VALUE})")
    int redisDatabase;

    @Option(names = "--amqp-host", defaultValue = "127.0.0.1")
    String amqpHost;

    @Option(names = "--amqp-port", defaultValue = "5672")
    int amqpPort;

    @Option(names = "--amqp-user", defaultValue = "guest")
    String amqpUser;

    @Option(names = "--amqp-password", defaultValue = "guest")
    String amqpPassword;

    /** The engine's arguments that point it at these services. */
    List<String> engineArgs() {
        return List.of(
                "--courtrush.infra.mode=external",
                "--spring.datasource.url=" + mysqlUrl,
                "--spring.datasource.username=" + mysqlUser,
                "--spring.datasource.password=" + mysqlPassword,
                "--spring.data.redis.host=" + redisHost,
                "--spring.data.redis.port=" + redisPort,
                "--spring.data.redis.database=" + redisDatabase,
                "--spring.rabbitmq.host=" + amqpHost,
                "--spring.rabbitmq.port=" + amqpPort,
                "--spring.rabbitmq.username=" + amqpUser,
                "--spring.rabbitmq.password=" + amqpPassword);
    }
}
