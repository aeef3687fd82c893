/**
 * The staff's way to follow their jobs: {@link com.courtrush.job.desk.JobDesk} (a job by its id, the recent ones). A
 * job is started, and its result read as the kind's own record, at its feature's desk.
 */
package com.courtrush.job.desk;
