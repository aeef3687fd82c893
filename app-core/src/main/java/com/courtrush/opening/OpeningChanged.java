package com.courtrush.opening;

/** An opening was created or changed state: cached catalogs must be dropped. */
public record OpeningChanged(long sessionId) {
}
