package com.courtrush.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Asserts that a call is refused with a given engine text (and outcome). */
public final class Refusals {

    private Refusals() {}

    /** The refusal, for further assertions. */
    public static CourtRushException refused(ThrowingCallable call, Outcome outcome, String key) {
        CourtRushException[] caught = new CourtRushException[1];
        assertThatThrownBy(call).isInstanceOfSatisfying(CourtRushException.class, e -> {
            assertThat(e.key()).isEqualTo(key);
            assertThat(e.outcome()).isEqualTo(outcome);
            caught[0] = e;
        });
        return caught[0];
    }
}
