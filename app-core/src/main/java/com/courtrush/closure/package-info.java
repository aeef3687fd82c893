/**
 * Closures (SPEC §21): a manager closes a court, a venue or a sport for a period; its slots leave sale, the bookings
 * in it are cancelled or refunded with the closure's reason and their students told; no slot is made in it after. Class
 * and team blocks hold a court every week for a term: its slots are made held, never on sale.
 */
package com.courtrush.closure;
