package com.courtrush.staff.api;

/**
 * One setting staff see.
 *
 * @param live    applies at once on every node (else: this node's, at its next start)
 * @param value   the value set (a start-up one: blank for its default); null for a secret
 * @param running what this node runs with now (start-up settings); null for a secret
 * @param secret  its value is never shown
 * @param set     whether a value is set (for a secret, all that is said)
 */
public record StaffSetting(String key, boolean live, String value, String running, boolean secret, boolean set) {}
