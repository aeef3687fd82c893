package com.courtrush.infra.config;

/** Where Redis, the AMQP broker and the database come from. */
public enum InfraMode {
    /** A real redis-server child process, an in-process Qpid broker and an H2 file database. */
    EMBEDDED,
    /** MySQL/MariaDB, Redis and RabbitMQ reached through the standard Spring Boot properties. */
    EXTERNAL
}
