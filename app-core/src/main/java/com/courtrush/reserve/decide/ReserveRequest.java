package com.courtrush.reserve.decide;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * The body of {@code POST /reserve/}.
 *
 * @param fallbackSlotIds a fair draw's entry only: other slots of the opening wanted, in order (at most 2)
 */
record ReserveRequest(
        @NotNull @Positive Long sessionId,
        @NotNull @Positive Long slotId,
        @Size(max = ReserveService.MAX_FALLBACKS) List<@NotNull @Positive Long> fallbackSlotIds) {}
