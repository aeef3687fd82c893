/**
 * Payments: pay orders for unpaid reservations, the payment gateway (WeChat Pay, <b>simulated</b> —
 * there are no merchant credentials), payment success with an automatic refund when the
 * reservation was cancelled meanwhile, and refunds that give the place back.
 */
package com.courtrush.pay;
