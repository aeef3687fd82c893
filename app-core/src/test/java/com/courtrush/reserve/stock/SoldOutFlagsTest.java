package com.courtrush.reserve.stock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.support.TestProperties;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;

class SoldOutFlagsTest {

    final RTopic topic = mock(RTopic.class);
    final SoldOutFlags flags = flags(Duration.ofSeconds(60));

    SoldOutFlags flags(Duration recheck) {
        RedissonClient redisson = mock(RedissonClient.class);
        when(redisson.getTopic(anyString())).thenReturn(topic);
        CourtRushProperties properties =
                TestProperties.courtRush(Map.of("courtrush.reserve.sold-out-recheck", recheck.toMillis() + "ms"));
        return new SoldOutFlags(redisson, properties);
    }

    @Test
    void aSlotFoundSoldOutIsRememberedUntilARelease() {
        flags.markSoldOut(1, flags.ticket(1), Set.of());
        assertThat(flags.isSoldOut(1)).isTrue();
        assertThat(flags.isSoldOut(2)).isFalse();
        flags.released(1);
        assertThat(flags.isSoldOut(1)).isFalse();
        verify(topic).publish("1");
    }

    @Test
    void aStudentWhoHoldsTheSoldOutSlotIsKnownAsItsHolder() {
        flags.markSoldOut(4, flags.ticket(4), Set.of(70L, 71L));
        assertThat(flags.known(4, 70)).isEqualTo(SoldOutFlags.Known.HELD_BY_ASKER);
        assertThat(flags.known(4, 72)).isEqualTo(SoldOutFlags.Known.SOLD_OUT);
        assertThat(flags.known(8, 70)).isEqualTo(SoldOutFlags.Known.NOTHING);
        flags.released(4);
        assertThat(flags.known(4, 70)).isEqualTo(SoldOutFlags.Known.NOTHING);
    }

    @Test
    void aReleaseThatRacedTheDecisionWins() {
        long ticket = flags.ticket(5);
        flags.forget(5); // a release broadcast arrives while the Redis call is in flight
        flags.markSoldOut(5, ticket, Set.of());
        assertThat(flags.isSoldOut(5)).isFalse();
        flags.markSoldOut(5, flags.ticket(5), Set.of());
        assertThat(flags.isSoldOut(5)).isTrue();
    }

    @Test
    void aFlagLapsesAfterTheRecheckInterval() throws InterruptedException {
        SoldOutFlags quick = flags(Duration.ofMillis(20));
        quick.markSoldOut(9, quick.ticket(9), Set.of());
        assertThat(quick.isSoldOut(9)).isTrue();
        Thread.sleep(40);
        assertThat(quick.isSoldOut(9)).isFalse();
    }

    @Test
    void aBroadcastFromAnotherNodeClearsTheFlag() {
        org.mockito.ArgumentCaptor<org.redisson.api.listener.MessageListener<String>> listener =
                org.mockito.ArgumentCaptor.captor();
        verify(topic).addListener(any(), listener.capture());
        flags.markSoldOut(3, flags.ticket(3), Set.of());
        listener.getValue().onMessage("bf:topic:stock-released", "3");
        assertThat(flags.isSoldOut(3)).isFalse();
    }
}
