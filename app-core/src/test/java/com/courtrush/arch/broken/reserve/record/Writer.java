package com.courtrush.arch.broken.reserve.record;

import com.courtrush.arch.broken.reserve.decide.Decider;

/** Recording that calls up into the decision: against the reserve order, for {@code ArchitectureRulesCatchTest}. */
public class Writer {
    public void write(Decider decider) {
        decider.decide();
    }
}
