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

    @Option(names = "--amqp-vhost", defaultValue = "/")
    String amqpVirtualHost;

    /**
     * These services with a database, a Redis database and a virtual host of their own: an engine beside another on the
     * same servers (the growth bench's two phases), neither reading the other's rows, keys or messages.
     */
    ServiceOptions apart(String database, int redis, String virtualHost) {
        ServiceOptions copy = new ServiceOptions();
        copy.mysqlUrl = mysqlUrl.replaceFirst("(jdbc:mysql://[^/]+/)[^?]*", "$1" + database);
        copy.mysqlUser = mysqlUser;
        copy.mysqlPassword = mysqlPassword;
        copy.redisHost = redisHost;
        copy.redisPort = redisPort;
        copy.redisDatabase = redis;
        copy.amqpHost = amqpHost;
        copy.amqpPort = amqpPort;
        copy.amqpUser = amqpUser;
        copy.amqpPassword = amqpPassword;
        copy.amqpVirtualHost = virtualHost;
        return copy;
    }

    /** The database server of {@link #mysqlUrl}, with no database named (to make or drop one). */
    String mysqlServerUrl() {
        return mysqlUrl.replaceFirst("(jdbc:mysql://[^/]+/)[^?]*", "$1");
    }

    /** The database {@link #mysqlUrl} names. */
    String mysqlDatabase() {
        return mysqlUrl.replaceFirst("jdbc:mysql://[^/]+/([^?]*).*", "$1");
    }

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
                "--spring.rabbitmq.password=" + amqpPassword,
                "--spring.rabbitmq.virtual-host=" + amqpVirtualHost);
    }
}
