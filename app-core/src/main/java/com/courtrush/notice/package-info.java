/**
 * A student's notices (SPEC §17): what happened to their bookings — won, payment due, paid, cancelled by
 * staff or by the payment timeout, refunded, a waitlist offer, a no-show and a block — in an inbox on the
 * page. Each is written in the transaction of the event that causes it, once per message id; its text is
 * made when read, in the reader's language. This package leans on no booking feature: they post to it.
 */
package com.courtrush.notice;
