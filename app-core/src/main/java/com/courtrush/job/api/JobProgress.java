package com.courtrush.job.api;

/**
 * How far a job got: {@code done} of {@code total} (null while not known) counted in {@code unit}, a word of the
 * kind's own ({@code KINDS}: a sweep's kinds of history).
 */
public record JobProgress(long done, Long total, String unit) {

    /** Done out of total, 0..1; negative while the total is not known. */
    public double fraction() {
        if (total == null) {
            return -1;
        }
        return total == 0 ? 1 : Math.min(1, (double) done / total);
    }
}
