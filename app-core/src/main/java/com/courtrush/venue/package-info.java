/**
 * Venues and sports (SPEC §21): a sports centre's halls, rooms and outdoor courts, each with its courts of one sport;
 * a sport's slot length, places per court and fair share. The first venue is the installation from before venues,
 * named as the gym is named.
 */
package com.courtrush.venue;
