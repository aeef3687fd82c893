package com.courtrush.monitor.api;

/** The reconciler's last run (any node). */
public record ReconcilerRun(long time, int compensated, int settled) {}
