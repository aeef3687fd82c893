package com.courtrush.reserve.api;

import java.time.LocalDateTime;

/**
 * Where this node's rehearsal of its rush stands (decision 28), as the console's status bar and the log say it.
 *
 * @param phase what it is doing or did
 * @param load the machine's load per core when it last looked (the one-minute load average over the cores), or -1
 * @param at when it came to this phase, in the gym's time
 */
public record RehearsalState(Phase phase, double load, LocalDateTime at) {

    public enum Phase {
        /** Not asked for ({@code courtrush.reserve.rehearse=false}), or no connector it can reach. */
        OFF,
        /** Asked for; it starts once the node is up and away from any flash time. */
        PENDING,
        /** The machine is busy: it waits for the load to fall. */
        WAITING,
        /** Its crowd is running. */
        RUNNING,
        /** Done: the rush's code is compiled. */
        DONE,
        /** Skipped: the machine stayed busy; the first rush compiles as it goes. */
        SKIPPED,
        /** Cut short (the machine became busy, or the node is stopping); nothing of it is kept. */
        CUT_SHORT,
        /** It failed; nothing of it is kept, and the log says why. */
        FAILED
    }
}
