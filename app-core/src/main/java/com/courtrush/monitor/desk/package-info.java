/**
 * The staff console's way into this feature: {@link com.courtrush.monitor.desk.MonitorDesk}. The console
 * uses nothing else of the feature but the values these take and give
 * ({@code ConsoleArchitectureTest.reachesTheEngineThroughDesks}).
 */
package com.courtrush.monitor.desk;
