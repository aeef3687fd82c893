package com.courtrush.desktop.rush;

import com.courtrush.web.Outcome;
import java.util.Map;

/** One second of the rush: decisions per second, grants per second, refusals per second by reason. */
public record RatePoint(long second, double attempts, double accepted, Map<Outcome, Double> rejects) {
}
