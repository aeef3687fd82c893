/** The Venues screen (SPEC §21): the sports centre's venues, its sports and their shares, closures. */
package com.courtrush.desktop.venues;
