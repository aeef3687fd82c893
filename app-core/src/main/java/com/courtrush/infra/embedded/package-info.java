/**
 * The default, one-process stack: a real redis-server child process from the embedded-redis jar
 * (and what a crashed engine left of one), and an in-process Qpid AMQP broker; the database is an H2
 * file in MySQL mode ({@link com.courtrush.infra.config.InfraDefaults}).
 */
package com.courtrush.infra.embedded;
