/**
 * After the rush (SPEC §16): check-in at the desk (a signed QR code and a short code per booking), the
 * no-shows that end bookings nobody came for, and the strikes that block a student from the next
 * openings, which a manager may forgive.
 */
package com.courtrush.attendance;
