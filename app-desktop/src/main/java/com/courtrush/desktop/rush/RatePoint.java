package com.courtrush.desktop.rush;

import com.courtrush.core.Outcome;
import java.util.Map;

/** One second of the rush, from the opening time: attempts, grants and refusals by reason in that second. */
public record RatePoint(long second, double attempts, double accepted, Map<Outcome, Double> rejects) {}
