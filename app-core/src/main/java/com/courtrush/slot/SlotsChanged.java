package com.courtrush.slot;

/** Slots of an opening were added or changed: cached catalogs must be dropped. */
public record SlotsChanged(long sessionId) {}
