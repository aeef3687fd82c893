/**
 * Booking passes: for an opening that asks for one, a student solves a challenge (an image code)
 * and receives a pass for that opening, to reserve with.
 */
package com.courtrush.reserve.pass;
