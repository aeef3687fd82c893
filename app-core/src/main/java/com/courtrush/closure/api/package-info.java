/**
 * The values of this feature that cross its desk ({@link com.courtrush.closure.desk.ClosureDesk}). They depend on
 * nothing of the engine but other such values and {@code core} ({@code ArchitectureTest.apiValuesAreLeaves}).
 */
package com.courtrush.closure.api;
