/**
 * Infrastructure: settings, the embedded Redis / AMQP broker / H2 stack, the external-mode
 * connections, the queue topology and the one place where Redis key and queue names live.
 */
package com.courtrush.infra;
