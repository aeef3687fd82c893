package com.courtrush.arch.broken.feature.a;

import com.courtrush.arch.broken.feature.b.Answer;

/** Half of a cycle between two parts of one feature, for {@code ArchitectureRulesCatchTest}. */
public class Ask {
    public Answer ask() {
        return new Answer();
    }
}
