package com.courtrush.reserve.stock;

import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.infra.config.CourtRushProperties;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;

/** This node's real sold-out flags for other packages' unit tests, their broadcast to other nodes going nowhere. */
public final class LocalSoldOutFlags {

    private LocalSoldOutFlags() {}

    public static SoldOutFlags of(CourtRushProperties properties) {
        RedissonClient redisson = mock(RedissonClient.class);
        when(redisson.getTopic(anyString())).thenReturn(mock(RTopic.class));
        return new SoldOutFlags(redisson, properties);
    }
}
