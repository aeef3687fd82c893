/**
 * The values of this feature that cross its desk ({@link com.courtrush.upgrade.desk.UpgradeDesk}): records the engine
 * builds and the console and the HTTP controller read. They depend on nothing of the engine but other such values and
 * {@code core} ({@code ArchitectureTest.apiValuesAreLeaves}).
 */
package com.courtrush.upgrade.api;
