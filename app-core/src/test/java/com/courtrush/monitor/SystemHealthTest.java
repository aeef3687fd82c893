package com.courtrush.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;

/** What the status bar reads of health: a failed broker store says the broker is down (issue 73). */
class SystemHealthTest {

    final HealthEndpoint health = mock(HealthEndpoint.class);
    final SystemHealth system = new SystemHealth(health, mock(DataDirectoryHealthIndicator.class));

    @Test
    void aFailedBrokerStoreSaysTheBrokerIsDownThoughItsConnectionIsUp() {
        when(health.healthForPath("redis")).thenReturn(Health.up().build());
        when(health.healthForPath("rabbit")).thenReturn(Health.up().build());
        when(health.healthForPath("db")).thenReturn(Health.up().build());
        when(health.healthForPath(SystemHealth.BROKER_STORE))
                .thenReturn(Health.down().build());

        assertThat(system.components()).containsEntry("rabbit", Status.DOWN).containsEntry("redis", Status.UP);

        when(health.healthForPath(SystemHealth.BROKER_STORE))
                .thenReturn(Health.up().build());
        assertThat(system.components()).containsEntry("rabbit", Status.UP);
    }

    @Test
    void withoutAStoreOfItsOwnTheBrokerIsItsConnection() {
        when(health.healthForPath("rabbit")).thenReturn(Health.down().build());

        assertThat(system.components()).containsEntry("rabbit", Status.DOWN).containsEntry("redis", Status.UNKNOWN);
    }
}
