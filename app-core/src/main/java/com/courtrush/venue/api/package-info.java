/**
 * The values of this feature that cross its desk ({@link com.courtrush.venue.desk.VenueDesk}): records the engine
 * builds and the console and the HTTP controllers read. They depend on nothing of the engine but other such values and
 * {@code core} ({@code ArchitectureTest.apiValuesAreLeaves}).
 */
package com.courtrush.venue.api;
