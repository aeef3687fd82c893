package com.courtrush.slot;

import com.courtrush.court.CourtService;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.OpeningCalendar;
import com.courtrush.opening.OpeningChanged;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Drops the catalog here and on every other node when courts, openings or slots change (after commit);
 * when only an opening's state moved on by the clock, reads it again while the one held is served.
 */
@Component
class CatalogInvalidation {

    private static final Logger log = LoggerFactory.getLogger(CatalogInvalidation.class);

    private final SlotCatalog catalog;
    private final OpeningCalendar calendar;
    private final RTopic topic;

    CatalogInvalidation(SlotCatalog catalog, OpeningCalendar calendar, RedissonClient redisson) {
        this.catalog = catalog;
        this.calendar = calendar;
        this.topic = redisson.getTopic(RedisKeys.CATALOG_CHANGED_TOPIC);
        topic.addListener(String.class, (channel, message) -> {
            if (message.startsWith(REFRESH)) {
                refresh(Long.parseLong(message.substring(REFRESH.length())));
            } else {
                forget();
            }
        });
    }

    private static final String REFRESH = "refresh:";

    private void refresh(long sessionId) {
        catalog.refresh(sessionId);
        calendar.forget();
    }

    private void forget() {
        catalog.invalidateAll();
        calendar.forget();
    }

    @TransactionalEventListener(fallbackExecution = true)
    void onCourts(CourtService.CourtsChanged event) {
        changed();
    }

    @TransactionalEventListener(fallbackExecution = true)
    void onOpening(OpeningChanged event) {
        if (!event.stateOnly()) {
            changed();
            return;
        }
        refresh(event.sessionId());
        try {
            topic.publish(REFRESH + event.sessionId());
        } catch (RuntimeException e) {
            log.warn(
                    "Cannot tell other nodes that opening {} moved on; their caches read it again within seconds",
                    event.sessionId(),
                    e);
        }
    }

    @TransactionalEventListener(fallbackExecution = true)
    void onSlots(SlotsChanged event) {
        changed();
    }

    private void changed() {
        forget();
        try {
            topic.publish("changed");
        } catch (RuntimeException e) {
            log.warn("Cannot tell other nodes that the catalog changed; their caches expire within seconds", e);
        }
    }
}
