/**
 * Openings ({@code reserve_session}): their life SCHEDULED → WARMED → OPEN → CLOSED, the clock
 * that warms them up and opens them on time with no click, and staff's warm-up/open/close.
 * The Redis side of a warm-up is done by a {@link com.courtrush.opening.StockWarmer}.
 */
package com.courtrush.opening;
