package com.courtrush.arch.broken.reserve.decide;

/** The decision a broken recording calls up into, for {@code ArchitectureRulesCatchTest}. */
public class Decider {
    public void decide() {}
}
