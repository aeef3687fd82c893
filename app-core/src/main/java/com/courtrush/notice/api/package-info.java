/**
 * The values of this feature that cross its desk ({@link com.courtrush.notice.desk.NoticeDesk}): records and enums the engine builds and the
 * console and the HTTP controllers read. They depend on nothing of the engine but other such values and {@code core}
 * ({@code ArchitectureTest.apiValuesAreLeaves}), so nothing in {@code api} reaches back up into the feature.
 */
package com.courtrush.notice.api;
