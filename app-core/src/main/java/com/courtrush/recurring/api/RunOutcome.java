package com.courtrush.recurring.api;

/** Made the opening, or could not (the detail says why). */
public enum RunOutcome {
    CREATED,
    FAILED
}
