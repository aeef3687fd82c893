/**
 * The desk's till (issue 52, SPEC §19): a receipt for every payment taken and refund given at the desk, written with
 * the money's own transaction; the shifts of each console, from a staff member's sign-in to the close, and at the
 * close what they took and gave back per channel (cash, card, WeChat Pay) beside what the engine's orders say it
 * must be, with the cash counted.
 */
package com.courtrush.till;
