package com.courtrush.monitor.api;

import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.api.ReserveTotals;
import java.util.List;

/**
 * The live rush of one opening, as Redis holds it right now.
 *
 * @param warm          whether Redis holds the opening
 * @param opensAt       epoch ms when the gate opens by itself (null when closed)
 * @param secondsToOpen countdown, null once open or when it will not open by itself
 * @param sampledAt     epoch ms of this snapshot
 */
public record LiveRush(
        long sessionId,
        SessionState state,
        boolean warm,
        boolean gateOpen,
        Long opensAt,
        Long secondsToOpen,
        long sampledAt,
        List<SlotStock> slots,
        ReserveTotals totals) {}
