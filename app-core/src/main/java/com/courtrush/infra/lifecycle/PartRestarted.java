package com.courtrush.infra.lifecycle;

import java.time.Duration;
import java.time.Instant;

/**
 * A part of the embedded stack stopped by itself and the engine started it again (issue 73): published once it
 * answers again, for staff to be told.
 *
 * @param part     what stopped, as staff read it ("redis-server")
 * @param exited   when it stopped
 * @param down     from its stop until it answered again
 * @param attempts how many starts that took
 */
public record PartRestarted(String part, Instant exited, Duration down, int attempts) {}
