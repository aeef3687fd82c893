package com.courtrush.infra.config;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.core.toolkit.support.SFunction;

/**
 * The total of a paged list, counted no further than a page needs (SPEC §8, §20): a count of every match walks every
 * match — all of a year's confirmed bookings, for each page of a hundred. Counted up to {@link #CAP} (or past the end
 * of the page asked for, if further), the total is exact when there are fewer matches, and otherwise the count
 * reached, with {@code capped}: there are more.
 */
public record CappedCount(long total, boolean capped) {

    /** The fewest matches counted before a total is capped. */
    public static final long CAP = 1000;

    /**
     * The matches of {@code where} (a filter with no order: the count follows whatever index the filter takes),
     * counted by their {@code id}s up to the cap or the end of page {@code page} of {@code size}.
     */
    public static <T> CappedCount of(
            BaseMapper<T> mapper, LambdaQueryWrapper<T> where, SFunction<T, ?> id, int page, int size) {
        long most = Math.max(CAP, (long) page * size) + 1;
        long counted = mapper.selectObjs(where.select(id).last("limit " + most)).size();
        return counted >= most ? new CappedCount(most - 1, true) : new CappedCount(counted, false);
    }
}
