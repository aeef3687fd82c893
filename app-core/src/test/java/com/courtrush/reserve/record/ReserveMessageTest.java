package com.courtrush.reserve.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReserveMessageTest {

    final ReserveMessage message = new ReserveMessage("0123456789abcdef0123456789abcdef", 7, 42, 3, 1_795_000_000_000L);

    @Test
    void jsonRoundTrips() {
        assertThat(ReserveMessage.fromJson(message.toJson())).isEqualTo(message);
    }

    @Test
    void theInFlightMemberCarriesEverythingButTheTime() {
        assertThat(message.inflightMember()).isEqualTo("0123456789abcdef0123456789abcdef|7|42|3");
        assertThat(ReserveMessage.fromInflight(message.inflightMember(), message.time()))
                .isEqualTo(message);
        assertThat(message.pendingValue()).isEqualTo("7:42:3");
    }

    @Test
    void somethingElseIsNotAMessage() {
        assertThatThrownBy(() -> ReserveMessage.fromJson("hello".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReserveMessage.fromJson("{\"traceId\":\"x\"}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReserveMessage.fromInflight("a|b", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
