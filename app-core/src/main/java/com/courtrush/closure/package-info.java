/**
 * Closures (SPEC §21): a manager closes a court, a venue or a sport for a period; its slots leave sale, the bookings
 * in it are cancelled or refunded with the closure's reason and their students told; no slot is made in it after.
 */
package com.courtrush.closure;
