package com.courtrush.account;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.Rehearsal;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * The students this node served in the last {@link #WINDOW}, counted once each: what staff are told
 * before they stop the service (closing the console stops it for them).
 */
@Component
public class RecentStudents {

    public static final Duration WINDOW = Duration.ofMinutes(5);

    private final Cache<Long, Boolean> seen =
            Caffeine.newBuilder().expireAfterWrite(WINDOW).maximumSize(200_000).build();

    void seen(Caller caller) {
        if (caller.role() == Role.STUDENT && caller.userId() != null && !Rehearsal.isRehearsal(caller.userId())) {
            seen.put(caller.userId(), Boolean.TRUE);
        }
    }

    /** Students with a request in the last {@link #WINDOW} on this node. */
    public long count() {
        seen.cleanUp();
        return seen.estimatedSize();
    }
}
