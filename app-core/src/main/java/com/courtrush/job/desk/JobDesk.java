package com.courtrush.job.desk;

import com.courtrush.job.StaffJobs;
import com.courtrush.job.api.StaffJob;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do with their jobs (issue 77): follow one by its id, see the recent ones — whichever node runs them. A
 * job's result here is its kind's record as JSON; each kind's desk starts its jobs and reads them as its own record.
 */
@Component
public class JobDesk {

    /** How many recent jobs are shown. */
    public static final int RECENT = 50;

    private final StaffJobs jobs;

    public JobDesk(StaffJobs jobs) {
        this.jobs = jobs;
    }

    /** The job of that id as it stands; 404 when there is none (never one, or ended over a day ago). */
    public StaffJob<Object> job(String id) {
        return jobs.find(id);
    }

    /** The recent jobs, newest first. */
    public List<StaffJob<Object>> recent() {
        return jobs.recent(RECENT);
    }
}
