package com.courtrush.arch.broken.feature.b;

import com.courtrush.arch.broken.feature.a.Ask;

/** The other half of the cycle, for {@code ArchitectureRulesCatchTest}. */
public class Answer {
    public Ask again() {
        return new Ask();
    }
}
