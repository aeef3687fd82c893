/** An opening's stock in Redis: its keys (one hash tag per opening), snapshots and the sold-out flags. */
package com.courtrush.reserve.stock;
