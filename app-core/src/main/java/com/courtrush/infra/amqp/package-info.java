/**
 * The reserve pipeline on AMQP: exchange and queue names ({@link com.courtrush.infra.amqp.Queues}), the
 * topology with its dead-letter queue, and the listener containers.
 */
package com.courtrush.infra.amqp;
