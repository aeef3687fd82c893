package com.courtrush.slot;

import com.courtrush.opening.ReserveSession;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** An opening and all its slots (active or not), as loaded from the database. */
public record SessionCatalog(ReserveSession session, List<SlotInfo> slots, Map<Long, SlotInfo> byId) {

    public SessionCatalog(ReserveSession session, List<SlotInfo> slots) {
        this(
                session,
                List.copyOf(slots),
                slots.stream().collect(Collectors.toUnmodifiableMap(SlotInfo::slotId, Function.identity())));
    }

    public SlotInfo slot(long slotId) {
        return byId.get(slotId);
    }
}
