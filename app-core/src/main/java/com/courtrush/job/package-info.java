/**
 * Staff jobs (issue 77): a long staff operation answers at once with a job and runs on a bounded pool of the node that
 * accepted it ({@link com.courtrush.job.JobThreads}); where it stands — its progress, its result (the kind's own
 * record) or failure — is kept in Redis with an expiry, so any node answers {@code GET /admin/jobs/{id}}
 * ({@link com.courtrush.job.JobStore}). One job of a kind runs at a time among the nodes; its node's heartbeat keeps
 * its claim alive, and a job whose node died reads LOST once the claim lapses ({@link com.courtrush.job.StaffJobs}).
 */
package com.courtrush.job;
