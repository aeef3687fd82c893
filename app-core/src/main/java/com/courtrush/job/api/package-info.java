/**
 * The values of staff jobs that cross their desks ({@link com.courtrush.job.desk.JobDesk}, and each kind's own desk):
 * records and enums the engine builds and the console and the HTTP controllers read. They depend on nothing of the
 * engine but other such values and {@code core} ({@code ArchitectureTest.apiValuesAreLeaves}).
 */
package com.courtrush.job.api;
